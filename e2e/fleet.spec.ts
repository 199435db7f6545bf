import { mkdir } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { DeviceDetail } from '@shared/api/maintenance';
import type { ComponentPrediction, MaintenanceMetrics } from '@shared/api/maintenance-insight';
import { readableDate, signIn, untilControlled } from './helpers';

/*
 * The fleet end to end, as the seeded admin: devices added through the dialog, a preflight that
 * releases one for the day, a discrepancy reported and closed (refused first without its
 * corrective action), a history imported from a discrepancy log, components whose failures fit a
 * Weibull model, a session given on a device not released and what it sets off (an alert and a
 * warning on the training record), and the metric cards. The figures on screen are checked
 * against what this test computes from the rows the API returns.
 */

const SHOTS = '.tmp/shots-fleet-e2e';
const FFS = 'FFS 2';
const FFS_MODEL = 'Cessna Citation CJ3 (CE-525B)';
const AIRCRAFT = 'Citation N525CT';
const LAMP = 'Visual projector lamp';
const WRITE_UP = 'Instructor station touchscreen freezes during repositioning';

const toasts = (page: Page) => page.getByRole('region', { name: /^Notifications/ });

/** The UTC calendar date `n` days before today (negative: after), as the server reads dates. */
function daysAgo(n: number): string {
  return new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
}

const readable = readableDate;

const DISCREPANCY_LOG_HEADER =
  'Device,Reported,Reported by,Description,Impact,Component,ATA,Status,Corrective action,Closed';
/** Two write-ups closed long ago, one open and one deferred: the history of FFS 2. */
const GOOD_LOG_ROWS = [
  `${FFS},${daysAgo(200)},Dana Reyes,Visual channel 3 flicker,Training restricted,${LAMP},33,Closed,Replaced lamp,${daysAgo(199)}`,
  `${FFS},${daysAgo(120)},Sam Ortiz,Motion fault on start-up,Device down,Motion system,,Closed,Reset the motion controller,${daysAgo(119)}`,
  `${FFS},${daysAgo(40)},Dana Reyes,IOS touchscreen slow to respond,No training impact,Instructor station,31,Open,,`,
  `${FFS},${daysAgo(10)},Sam Ortiz,Cabin dome light dim,No training impact,,,Deferred,,`,
];
const discrepancyLog = (name: string, rows: string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from([DISCREPANCY_LOG_HEADER, ...rows].join('\r\n')),
});

/**
 * The censored-data Weibull maximum-likelihood fit, written again here from its textbook form so
 * the model on screen is checked against the rows rather than against the server alone: β solves
 * Σ tᵝ ln t / Σ tᵝ − 1/β − mean ln t of the failures = 0 (increasing in β), η = (Σ tᵝ / r)^(1/β).
 */
function weibullFit(samples: { time: number; failed: boolean }[]) {
  const logs = samples.map((s) => Math.log(s.time));
  const failed = samples.filter((s) => s.failed).length;
  const meanFailedLog = samples.reduce((sum, s, i) => sum + (s.failed ? logs[i]! : 0), 0) / failed;
  const g = (beta: number) => {
    let sw = 0;
    let swl = 0;
    for (const l of logs) {
      const w = Math.exp(beta * l);
      sw += w;
      swl += w * l;
    }
    return swl / sw - 1 / beta - meanFailedLog;
  };
  let low = 0.01;
  let high = 100;
  for (let i = 0; i < 200; i++) {
    const mid = (low + high) / 2;
    if (g(mid) > 0) high = mid;
    else low = mid;
  }
  const shape = (low + high) / 2;
  const scale = (logs.reduce((sum, l) => sum + Math.exp(shape * l), 0) / failed) ** (1 / shape);
  return { shape, scale };
}

const DAY = 86_400_000;
const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY;

test('the fleet: devices, a preflight, the discrepancy log, an imported history, component models, an unreleased session and the metric cards', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await mkdir(SHOTS, { recursive: true });
  await signIn(page);
  const origin = new URL(page.url()).origin;
  const api = async <T>(method: 'get' | 'post', path: string, data?: object, status = 200) => {
    const res = await page.request[method](path, { headers: { Origin: origin }, data });
    expect(res.status(), `${method.toUpperCase()} ${path}: ${await res.text()}`).toBe(status);
    return (await res.json()) as T;
  };
  const today = daysAgo(0);

  // 1. Fleet Insight starts empty; two devices are added through the dialog.
  const sidebarEntry = page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: /^Fleet Insight/ });
  await sidebarEntry.click();
  await expect(page).toHaveURL(/\/fleet-insight$/);
  await expect(page.getByText('No aircraft or FSTDs yet')).toBeVisible();

  await page.getByRole('button', { name: 'Add device' }).click();
  let add = page.getByRole('dialog', { name: 'Add device' });
  await expect(add.getByRole('combobox', { name: 'Kind' })).toHaveText('Full flight simulator');
  await add.getByLabel('Name', { exact: true }).fill(FFS);
  await add.getByLabel('Model', { exact: true }).fill(FFS_MODEL);
  await add.getByLabel('Qualification level').fill('Level D');
  await add.getByLabel('In service from').fill(daysAgo(730));
  await add.getByRole('button', { name: 'Save device' }).click();
  await expect(add).toBeHidden();
  await expect(toasts(page)).toContainText('Device added');
  await expect(page).toHaveURL(/\/fleet-insight\/devices\/[0-9a-f-]{36}$/);
  const ffsPath = new URL(page.url()).pathname;
  const ffsId = ffsPath.split('/').pop()!;
  await expect(page.getByRole('heading', { level: 2, name: FFS })).toBeVisible();

  await page.getByRole('link', { name: 'Fleet status' }).click();
  await expect(page).toHaveURL(/\/fleet-insight\?tab=fleet$/);
  await page.getByRole('button', { name: 'Add device' }).click();
  add = page.getByRole('dialog', { name: 'Add device' });
  await add.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Aircraft', exact: true }).click();
  await add.getByLabel('Name', { exact: true }).fill(AIRCRAFT);
  await add.getByLabel('Model', { exact: true }).fill('Cessna Citation CJ3');
  await add.getByLabel('In service from').fill(daysAgo(1500));
  // An aircraft without its registration is refused, next to the field.
  await add.getByRole('button', { name: 'Save device' }).click();
  await expect(add.getByLabel('Registration')).toHaveAccessibleDescription(
    /An aircraft needs its registration/,
  );
  await add.getByLabel('Registration').fill('N525CT');
  await add.getByRole('button', { name: 'Save device' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: AIRCRAFT })).toBeVisible();
  const aircraftId = new URL(page.url()).pathname.split('/').pop()!;

  await page.getByRole('link', { name: 'Fleet status' }).click();
  const status = page.getByRole('table', { name: 'Fleet status' });
  for (const [name, kind] of [
    [FFS, 'Full flight simulator'],
    [AIRCRAFT, 'Aircraft'],
  ] as const) {
    const row = status.getByRole('row').filter({ has: page.getByRole('link', { name }) });
    await expect(row).toContainText(kind);
    await expect(row.getByRole('cell').nth(1)).toContainText('Operational');
    // Released today: no, for want of today's preflight.
    const released = row.getByRole('cell').nth(4);
    await expect(released.getByText('No', { exact: true })).toBeVisible();
    await expect(released).toContainText(
      `No preflight check recorded for ${readable(today)} (142.59(c)(3))`,
    );
  }

  // 2. FFS 2's page: today's preflight releases it; a discrepancy is reported, then closed.
  await status.getByRole('link', { name: FFS }).click();
  await expect(page).toHaveURL(new RegExp(`${ffsPath}$`));
  await expect(page.getByTestId('release')).toContainText('Not released');
  const preflight = page.getByRole('form', { name: 'Record preflight' });
  await preflight.getByLabel('Date').fill(today);
  await preflight.getByRole('button', { name: 'Add item' }).click();
  await preflight.getByRole('textbox', { name: 'Item 1', exact: true }).fill('Motion system');
  await preflight.getByRole('radio', { name: 'Passed' }).check();
  await preflight.getByRole('button', { name: 'Record preflight' }).click();
  await expect(toasts(page)).toContainText('Preflight recorded: passed');
  await expect(page.getByTestId('release')).toContainText('Released for training today');
  await expect(page.getByRole('list', { name: 'Recent preflights' })).toContainText(
    `${readable(today)}Passed`,
  );

  await page.getByRole('button', { name: 'Report discrepancy' }).click();
  const report = page.getByRole('dialog', { name: 'Report discrepancy' });
  await report.getByLabel('What was found').fill(WRITE_UP);
  await report.getByRole('combobox', { name: 'Training impact' }).click();
  await page.getByRole('option', { name: 'Training restricted' }).click();
  await report.getByLabel('Component (if no unit)').fill('Instructor station');
  await report.getByLabel('ATA chapter').fill('31');
  await report.getByRole('button', { name: 'Record discrepancy' }).click();
  await expect(report).toBeHidden();
  await expect(toasts(page)).toContainText('Discrepancy recorded');
  const log = page.getByRole('table', { name: 'Discrepancy log, newest first' });
  const entry = log.getByRole('row').filter({ hasText: WRITE_UP });
  await expect(entry).toContainText('Instructor station · ATA 31');
  await expect(entry).toContainText('Training restricted');
  await expect(entry).toContainText('Open');
  await expect(page.getByRole('heading', { level: 2, name: FFS }).locator('..')).toContainText(
    'Maintenance',
  );
  await expect(page.getByTestId('status-reason')).toContainText(
    `Training restricted since ${readable(today)}: ${WRITE_UP}`,
  );

  await entry.getByRole('button', { name: `Close discrepancy: ${WRITE_UP}` }).click();
  const close = page.getByRole('dialog', { name: 'Close discrepancy' });
  await close.getByRole('button', { name: 'Close discrepancy' }).click();
  const action = close.getByLabel('Corrective action');
  await expect(action).toHaveAttribute('aria-invalid', 'true');
  await expect(action).toHaveAccessibleDescription(
    'A closed discrepancy needs its corrective action',
  );
  await action.fill('Recalibrated the touchscreen and replaced its controller cable');
  await close.getByRole('button', { name: 'Close discrepancy' }).click();
  await expect(close).toBeHidden();
  await expect(toasts(page)).toContainText('Discrepancy closed');
  await expect(entry).toContainText('Closed');
  await expect(entry).toContainText('Recalibrated the touchscreen');
  await expect(page.getByRole('heading', { level: 2, name: FFS }).locator('..')).toContainText(
    'Operational',
  );
  await expect(page.getByTestId('status-reason')).toContainText(
    'No unresolved discrepancy restricts it and no maintenance is overdue',
  );

  // 3. FFS 2's history: a discrepancy log through the Import dialog, refused while a row is wrong.
  await page.getByRole('link', { name: 'Fleet status' }).click();
  await expect(page.getByRole('table', { name: 'Fleet status' })).toBeVisible();
  const badLog = discrepancyLog('discrepancy-log-bad.csv', [
    `${FFS},${daysAgo(300)},Dana Reyes,Motion jack noise,Training restricted,Motion system,,Closed,,${daysAgo(299)}`,
    ...GOOD_LOG_ROWS,
  ]);
  const goodLog = discrepancyLog('discrepancy-log.csv', GOOD_LOG_ROWS);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const importer = page.getByRole('dialog', { name: 'Import fleet history' });
  await importer
    .getByRole('group', { name: 'What the file holds' })
    .getByRole('radio', { name: /^Discrepancy log/ })
    .check();
  const fileInput = importer.getByLabel('Discrepancy log file (CSV or XLSX)');
  await fileInput.setInputFiles(badLog);
  await expect(importer.getByText(`Preview of ${badLog.name}`)).toBeVisible();
  await expect(importer.locator('tr[data-row="2"]')).toContainText(
    'Corrective action: a closed discrepancy needs its corrective action',
  );
  await expect(importer.locator('tr[data-row="3"]')).toContainText('Visual channel 3 flicker');
  await expect(
    importer.getByRole('alert').filter({ hasText: '1 row of 5 has errors' }),
  ).toBeVisible();
  await expect(importer.getByRole('button', { name: /^Import (\d+ )?discrepanc/ })).toBeDisabled();
  await importer.locator('tr[data-row="2"]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/import-preview-bad-row.png` });

  await fileInput.setInputFiles(goodLog);
  await expect(importer.getByText(`Preview of ${goodLog.name}`)).toBeVisible();
  await expect(importer.getByText('All 4 rows are ready to import.')).toBeVisible();
  await importer.getByRole('button', { name: 'Import 4 discrepancies' }).click();
  await expect(
    importer.getByRole('status').filter({ hasText: 'Imported 4 discrepancies' }),
  ).toBeVisible();
  await importer.getByRole('button', { name: 'Done' }).click();
  await expect(importer).toBeHidden();

  // The import creates no component units: the reliability history goes through the API, as the
  // Install and Remove dialogs of the device page would send it. Seven lamps replaced one after
  // another (six failed, one removed on schedule) and the eighth still installed.
  const lives: [number, 'failure' | 'scheduled'][] = [
    [90, 'failure'],
    [120, 'failure'],
    [75, 'failure'],
    [140, 'failure'],
    [60, 'scheduled'],
    [110, 'failure'],
    [95, 'failure'],
  ];
  let installedDaysAgo = 730;
  for (const [index, [life, reason]] of lives.entries()) {
    const unit = await api<DeviceDetail>(
      'post',
      `/api/maintenance/devices/${ffsId}/components`,
      {
        name: LAMP,
        ataChapter: '33',
        serialNumber: `VPL-${1001 + index}`,
        installedAt: daysAgo(installedDaysAgo),
      },
      201,
    );
    const installed = unit.components.find((c) => c.serialNumber === `VPL-${1001 + index}`)!;
    installedDaysAgo -= life;
    await api(
      'post',
      `/api/maintenance/devices/${ffsId}/components/${installed.id}/removal`,
      { removedAt: daysAgo(installedDaysAgo), removalReason: reason },
      200,
    );
  }
  await api(
    'post',
    `/api/maintenance/devices/${ffsId}/components`,
    {
      name: LAMP,
      ataChapter: '33',
      serialNumber: 'VPL-1008',
      installedAt: daysAgo(installedDaysAgo),
    },
    201,
  );

  // 4. The figures, recomputed from the rows the API gives back.
  const ffsRows = await api<DeviceDetail>('get', `/api/maintenance/devices/${ffsId}`);
  const notClosed = ffsRows.discrepancies.filter((d) => d.status !== 'closed');
  const deferred = notClosed.filter((d) => d.status === 'deferred');
  expect(ffsRows.discrepancies).toHaveLength(5);
  expect(ffsRows.openDiscrepancies).toBe(notClosed.length);

  await page.goto(ffsPath);
  await expect(
    page
      .getByRole('heading', { level: 3, name: 'Discrepancy log' })
      .locator('..')
      .getByText(`${ffsRows.discrepancies.length} entries, ${notClosed.length} not closed`),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: 'Components, installed first' })).toContainText(
    'VPL-1008',
  );
  await page.screenshot({ path: `${SHOTS}/device-ffs2.png`, fullPage: true });

  const lamps = ffsRows.components.filter((c) => c.name === LAMP);
  const samples = lamps.map((c) => ({
    time: Math.max(0.5, daysBetween(c.installedAt, c.removedAt ?? today)),
    failed: c.removalReason === 'failure',
  }));
  const failures = samples.filter((s) => s.failed).length;
  const censored = samples.length - failures;
  expect([failures, censored]).toEqual([6, 2]);
  const fit = weibullFit(samples);
  const { predictions } = await api<{ predictions: ComponentPrediction[] }>(
    'get',
    '/api/maintenance/predictions',
  );
  const lampModel = predictions.find((p) => p.component === LAMP)!;
  expect([lampModel.failures, lampModel.censored]).toEqual([failures, censored]);
  expect(lampModel.model!.shape).toBeCloseTo(fit.shape, 6);
  expect(lampModel.model!.scale).toBeCloseTo(fit.scale, 4);

  await page.goto('/fleet-insight?tab=optimization');
  const firstInstall = lamps.map((c) => c.installedAt).sort()[0]!;
  await expect(
    page.getByText(
      `History used: ${failures} failures and ${censored} censored units, from ${readable(firstInstall)} to ${readable(today)}`,
    ),
  ).toBeVisible();
  await expect(page.getByText('Weibull shape β').locator('..')).toContainText(fit.shape.toFixed(2));
  await expect(page.getByText('Scale η (characteristic life)').locator('..')).toContainText(
    `${Math.round(fit.scale).toLocaleString('en-US')} days`,
  );
  const lampUnit = page
    .getByRole('table', { name: `Installed units of ${LAMP}` })
    .getByRole('row')
    .filter({ hasText: 'VPL-1008' });
  await expect(lampUnit).toContainText(
    `${Math.round(daysBetween(daysAgo(installedDaysAgo), today))} days`,
  );
  await page.screenshot({ path: `${SHOTS}/tab-optimization.png`, fullPage: true });

  await page.getByRole('tab', { name: 'AI Analytics' }).click();
  await expect(
    page.getByText(`Open today: ${notClosed.length}, of them ${deferred.length} deferred`),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/tab-analytics.png`, fullPage: true });

  // 5. Training given on the aircraft, not released today. The session form has no field for the
  // training record, so the session goes through the API with the record's id.
  const student = `Riley Trainee ${Date.now().toString(36)}`;
  const record = await api<{ id: string }>(
    'post',
    '/api/training-events',
    {
      studentName: student,
      course: 'Citation CE-525 Type Rating',
      eventType: 'Flight lesson',
      eventDate: today,
      status: 'completed',
    },
    201,
  );
  const startsAt = new Date(Date.now() - 60 * 60_000);
  await api(
    'post',
    `/api/maintenance/devices/${aircraftId}/sessions`,
    {
      startsAt: startsAt.toISOString(),
      scheduledMinutes: 90,
      usedMinutes: 80,
      trainingEventId: record.id,
    },
    201,
  );

  await page.goto('/fleet-insight?tab=alerts');
  const unreleased = page
    .getByRole('list', { name: 'Predictive alerts' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: AIRCRAFT }) })
    .filter({ hasText: '14 CFR 142.59(c)(3)' });
  await expect(unreleased).toContainText(
    `Training given on ${AIRCRAFT} on ${readable(startsAt.toISOString())} without a passing preflight check that day: 1 session (${startsAt.toISOString().slice(11, 16)} UTC)`,
  );
  await page.screenshot({ path: `${SHOTS}/tab-alerts.png`, fullPage: true });

  await page.goto(`/compliance-records/${record.id}`);
  await expect(page.getByRole('heading', { level: 2, name: student })).toBeVisible();
  const warning = page.getByRole('region', { name: 'A warning was written to this record' });
  await expect(warning).toContainText('142.59(c)(3)');
  await expect(warning).toContainText(
    `${AIRCRAFT} had no passing preflight check on ${readable(startsAt.toISOString())} when this session was given at ${startsAt.toISOString().slice(11, 16)} UTC`,
  );
  await expect(warning).toContainText('Device · version 1');
  await page.screenshot({ path: `${SHOTS}/record-with-device-warning.png`, fullPage: true });

  // 6. The metric cards: the count, and the cards the product does not measure say why.
  await page.goto('/fleet-insight?tab=fleet');
  const metrics = await api<MaintenanceMetrics>('get', '/api/maintenance/metrics');
  const cards = page.getByRole('region', { name: 'Fleet figures', exact: true });
  const card = (label: string) => cards.getByTestId('metric').filter({ hasText: label });
  await expect(card('Aircraft and FSTDs').getByText('2', { exact: true })).toBeVisible();
  expect(metrics.totalAircraft).toBe(2);
  await expect(
    card('Critical Alerts').getByText(String(metrics.criticalAlerts), { exact: true }),
  ).toBeVisible();
  await expect(
    card('Predicted Failures').getByText(String(metrics.predictedFailures), { exact: true }),
  ).toBeVisible();
  if (metrics.predictiveAccuracy !== null) {
    await expect(
      card('Predictive accuracy').getByText(`${(metrics.predictiveAccuracy * 100).toFixed(1)}%`, {
        exact: true,
      }),
    ).toBeVisible();
  }
  for (const [label, key] of [
    ['Cost reduction', 'costReduction'],
    ['Prevented downtime', 'preventedDowntime'],
    ['Network intelligence', 'networkIntelligence'],
    ['Uptime change', 'uptimeImprovement'],
    ['Predictive accuracy', 'predictiveAccuracy'],
  ] as const) {
    if (metrics[key] !== null) continue;
    // "Not measured: …" or "Not computed: …" as the basis names it, then the reason.
    const [, named, why] = /^(Not [a-z ]+?):\s*(.*)$/s.exec(metrics.basis[key]) ?? [
      '',
      'Not measured',
      metrics.basis[key],
    ];
    await expect(card(label)).toContainText(`${named}${why}`);
  }
  await expect(card('Cost reduction')).toContainText(
    'Not measuredCenterline keeps no maintenance cost data',
  );
  await expect(card('Prevented downtime')).toContainText(
    'Not measureddowntime that did not happen cannot be counted from the logs',
  );
  const statusRow = page
    .getByRole('table', { name: 'Fleet status' })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: FFS }) });
  await expect(statusRow.getByRole('cell').nth(4).getByText('Yes', { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/tab-fleet-status.png`, fullPage: true });

  await page.goto(`/fleet-insight/devices/${aircraftId}`);
  await expect(
    page.getByRole('table', { name: 'Sessions, newest first' }).getByText('Not released'),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/device-aircraft.png`, fullPage: true });
});

test('a discrepancy written up in the simulator bay without signal is logged once when the connection returns', async ({
  page,
  context,
}) => {
  const description = `Visual channel 3 flickered during V1 cuts ${Date.now().toString(36)}`;
  await signIn(page);
  const { devices } = (await (await page.request.get('/api/maintenance/devices')).json()) as {
    devices: { id: string; name: string }[];
  };
  const ffs = devices.find((d) => d.name === FFS)!;

  // One visit with a connection: the app is kept and the device list with it.
  await page.goto('/mobile-field');
  const form = page.getByRole('form', { name: 'Simulator discrepancy' });
  await expect(form.getByLabel('Device')).toBeVisible();
  await untilControlled(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('img', { name: 'Offline' })).toBeVisible();
  await form.getByRole('button', { name: 'Offline: keep to send later' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'Choose the device the discrepancy was found on.',
  );
  await form.getByLabel('Device').click();
  await page.getByRole('option', { name: FFS }).click();
  await form.getByRole('button', { name: 'Offline: keep to send later' }).click();
  await expect(form.getByRole('alert')).toHaveText('Describe what was found.');
  await form.getByLabel('What was found').fill(description);
  await form.getByLabel('Training minutes lost (optional)').fill('2.5');
  await form.getByRole('button', { name: 'Offline: keep to send later' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'Training minutes lost is a whole number of minutes, 0 or more.',
  );
  await form.getByLabel('Session (optional)').fill('06:00 LOFT, crew 14');
  await form.getByLabel('Training minutes lost (optional)').fill('25');
  await form.getByRole('button', { name: 'Offline: keep to send later' }).click();

  const item = page
    .getByRole('list', { name: 'On this device' })
    .getByRole('listitem')
    .filter({ hasText: description });
  await expect(item).toContainText(`Discrepancy · ${FFS}`);
  await expect(item.getByText('Waiting')).toBeVisible();
  await page.reload();
  await expect(item.getByText('Waiting')).toBeVisible();

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(item.getByText('Uploaded')).toBeVisible({ timeout: 30_000 });

  const log = (await (
    await page.request.get(`/api/maintenance/devices/${ffs.id}/discrepancies`)
  ).json()) as {
    discrepancies: {
      description: string;
      severity: string;
      status: string;
      session: string | null;
      trainingMinutesLost: number;
    }[];
  };
  const logged = log.discrepancies.filter((d) => d.description === description);
  expect(logged).toHaveLength(1);
  expect(logged[0]).toMatchObject({
    severity: 'no_impact',
    status: 'open',
    session: '06:00 LOFT, crew 14',
    trainingMinutesLost: 25,
  });

  await item.getByRole('link', { name: 'Open the device' }).click();
  await expect(page.getByRole('heading', { level: 2, name: FFS })).toBeVisible();
  await expect(page.getByText(description)).toBeVisible();
});
