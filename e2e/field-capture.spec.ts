import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { signIn, untilControlled } from './helpers';

/**
 * A valid PNG whose pixels differ by `seed`, so every capture has its own bytes; `noise` makes a
 * near-white page whose lowest bits are random, which compression cannot shrink much (a large
 * photo's worst case) while OCR finds nothing on it to read.
 */
function png(seed: number, size = 64, noise = false): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 2;
  const rows = noise ? randomBytes((size * 3 + 1) * size) : Buffer.alloc((size * 3 + 1) * size);
  for (let i = 0; noise && i < rows.length; i++) rows[i] = 0xfc | (rows[i]! & 3);
  for (let y = 0; noise && y < size; y++) rows[y * (size * 3 + 1)] = 0;
  for (let y = 0; !noise && y < size; y++) {
    for (let x = 0; x < size; x++) {
      const at = y * (size * 3 + 1) + 1 + x * 3;
      rows[at] = (x * seed) & 0xff;
      rows[at + 1] = (y * 7 + seed * 31) & 0xff;
      rows[at + 2] = seed * 40;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: noise ? 1 : 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Captures taken without a connection are kept on the device, survive a reload, and arrive once
 * each when the server can be reached again, with the hashes taken at capture.
 */
test('captures taken offline wait on the device and arrive once, with their hashes, when the connection returns', async ({
  page,
  context,
}) => {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const files = [1, 2, 3].map((i) => ({
    name: `discrepancy-card-${suffix}-${i}.png`,
    mimeType: 'image/png',
    buffer: png(i),
  }));

  await signIn(page);
  await page.goto('/mobile-field');
  await expect(page.getByRole('heading', { level: 1, name: 'Field Operations' })).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByRole('img', { name: 'Offline' })).toBeVisible();

  for (const file of files) {
    await page.getByRole('button', { name: 'Capture Document' }).click();
    await page.getByTestId('gallery-input').setInputFiles(file);
    await expect(page.getByText(file.name)).toBeVisible();
    await page.getByLabel('Inspection notes (optional)').fill(`Sim bay 2, card ${file.name}`);
    await page.getByRole('button', { name: 'Offline: keep to send later' }).click();
    await expect(page.getByRole('button', { name: 'Capture Document' })).toBeVisible();
  }
  const queue = page.getByRole('list', { name: 'On this device' });
  await expect(queue.getByRole('listitem')).toHaveCount(3);
  await expect(queue.getByText('Uploaded')).toHaveCount(0);

  // Back on the network, but the server still cannot be reached: the page reloads, the
  // captures are still on the device, and nothing has arrived.
  await page.route('**/api/documents/upload', (route) => route.abort('internetdisconnected'));
  await context.setOffline(false);
  await page.reload();
  await expect(queue.getByRole('listitem')).toHaveCount(3);
  await expect(queue.getByText('Uploaded')).toHaveCount(0);
  expect(
    (await (await page.request.get('/api/documents')).json()).filter(
      (d: { originalName: string }) => d.originalName.includes(suffix),
    ),
  ).toHaveLength(0);

  // The server answers again: all three go, in order, once.
  await page.unroute('**/api/documents/upload');
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(queue.getByText('Uploaded')).toHaveCount(3, { timeout: 30_000 });

  const documents = (await (await page.request.get('/api/documents')).json()) as {
    id: string;
    originalName: string;
    sha256: string;
    metadata: { sha256?: string; notes?: string } | null;
  }[];
  for (const file of files) {
    const arrived = documents.filter((d) => d.originalName === file.name);
    expect(arrived, file.name).toHaveLength(1);
    const hash = createHash('sha256').update(file.buffer).digest('hex');
    expect(arrived[0]!.sha256).toBe(hash);
    expect(arrived[0]!.metadata?.sha256).toBe(hash);
    expect(arrived[0]!.metadata?.notes).toBe(`Sim bay 2, card ${file.name}`);
  }

  // The document page says the stored file is the one captured.
  await queue.getByRole('link', { name: 'Open the document' }).first().click();
  await expect(
    page.getByText(/SHA-256 checked on arrival: the stored file is the one captured/),
  ).toBeVisible();
});

test('the app is installable and the field screen opens without a network after one visit', async ({
  page,
  context,
}) => {
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({
    name: 'Centerline',
    start_url: '/mobile-field',
    display: 'standalone',
    theme_color: '#0b2545',
  });
  for (const icon of manifest.icons as { src: string; sizes: string }[]) {
    const res = await page.request.get(icon.src);
    expect(res.headers()['content-type']).toBe('image/png');
  }

  // The public pages do not register the service worker.
  await page.goto('/');
  expect(
    await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length)),
  ).toBe(0);

  await signIn(page);
  await page.goto('/mobile-field');
  await untilControlled(page);

  await context.setOffline(true);
  await page.goto('/mobile-field');
  await expect(page.getByRole('heading', { level: 1, name: 'Field Operations' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Capture Document' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Offline' })).toBeVisible();
  await context.setOffline(false);
});

test('a capture kept offline is sent by the service worker once the connection returns, with no page open', async ({
  page,
  context,
}) => {
  const name = `preflight-card-${Date.now().toString(36)}.png`;
  const bytes = png(5);
  await signIn(page);
  await page.goto('/mobile-field');
  await untilControlled(page);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Capture Document' }).click();
  await page
    .getByTestId('gallery-input')
    .setInputFiles({ name, mimeType: 'image/png', buffer: bytes });
  await page.getByRole('button', { name: 'Offline: keep to send later' }).click();
  const queue = page.getByRole('list', { name: 'On this device' });
  await expect(queue.getByRole('listitem').filter({ hasText: name })).toBeVisible();

  // The field screen is closed before the connection returns: only the service worker is left.
  const blank = await context.newPage();
  await page.close();
  await context.setOffline(false);

  // Chromium fires the sync by itself when it sees the connection; the DevTools protocol fires
  // it now rather than at the browser's next retry.
  const cdp = await context.newCDPSession(blank);
  const registration = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((r: { isDeleted: boolean }) => !r.isDeleted);
      if (found) resolve(found.registrationId as string);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const origin = new URL(test.info().project.use.baseURL!).origin;
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin,
    registrationId: await registration,
    tag: 'centerline-captures',
    lastChance: false,
  });

  const arrived = async () =>
    (
      (await (await blank.request.get('/api/documents')).json()) as {
        originalName: string;
        sha256: string;
        metadata: { sha256?: string } | null;
      }[]
    ).filter((d) => d.originalName === name);
  await expect.poll(async () => (await arrived()).length, { timeout: 30_000 }).toBe(1);
  const [doc] = await arrived();
  const hash = createHash('sha256').update(bytes).digest('hex');
  expect(doc!.sha256).toBe(hash);
  expect(doc!.metadata?.sha256).toBe(hash);

  // The field screen opened again lists it as uploaded, and nothing is sent twice.
  await blank.goto('/mobile-field');
  await expect(
    blank
      .getByRole('list', { name: 'On this device' })
      .getByRole('listitem')
      .filter({ hasText: name })
      .getByText('Uploaded'),
  ).toBeVisible();
  expect(await arrived()).toHaveLength(1);
});

test('a capture the server refuses is marked failed with its words and not sent again; one held by an ended session is sent after sign-in', async ({
  page,
  context,
}) => {
  const suffix = Date.now().toString(36);
  const refused = { name: `grade-sheet-${suffix}.png`, mimeType: 'image/png', buffer: png(9) };
  const held = { name: `logbook-${suffix}.png`, mimeType: 'image/png', buffer: png(11) };
  const queue = page.getByRole('list', { name: 'On this device' });
  const row = (name: string) => queue.getByRole('listitem').filter({ hasText: name });

  await signIn(page);
  await page.goto('/mobile-field');

  // 415 from the server: failed with the server's message, tried once, never again by itself.
  let tries = 0;
  await page.route('**/api/documents/upload', async (route) => {
    tries++;
    await route.fulfill({
      status: 415,
      contentType: 'application/json',
      body: JSON.stringify({
        statusCode: 415,
        code: 'unsupported_media_type',
        message: 'This image format is not accepted',
      }),
    });
  });
  await page.getByRole('button', { name: 'Capture Document' }).click();
  await page.getByTestId('gallery-input').setInputFiles(refused);
  await page.getByRole('button', { name: 'Process' }).click();
  await expect(row(refused.name).getByText('Failed')).toBeVisible();
  await expect(row(refused.name)).toContainText('This image format is not accepted');
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.waitForTimeout(2000);
  expect(tries).toBe(1);
  await page.unroute('**/api/documents/upload');
  await row(refused.name)
    .getByRole('button', { name: `Delete ${refused.name} from this device` })
    .click();
  await expect(row(refused.name)).toHaveCount(0);

  // Offline, then the session ends before the connection returns: the capture waits, the
  // screen asks to sign in, and the capture is sent once signed in again.
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Capture Document' }).click();
  await page.getByTestId('gallery-input').setInputFiles(held);
  await page.getByRole('button', { name: 'Offline: keep to send later' }).click();
  await expect(row(held.name).getByText('Waiting')).toBeVisible();
  await context.clearCookies();
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page).toHaveURL(/\/api\/login/, { timeout: 20_000 });
  await signIn(page);
  await page.goto('/mobile-field');
  await expect(row(held.name).getByText('Uploaded')).toBeVisible({ timeout: 30_000 });
  const documents = (await (await page.request.get('/api/documents')).json()) as {
    originalName: string;
  }[];
  expect(documents.filter((d) => d.originalName === held.name)).toHaveLength(1);
  expect(documents.filter((d) => d.originalName === refused.name)).toHaveLength(0);
});

test.describe('with the camera and the position allowed', () => {
  test.use({
    permissions: ['camera', 'geolocation'],
    geolocation: { latitude: 40.6413111, longitude: -73.7781391, accuracy: 12 },
  });

  test('a photo taken with the camera is framed, reviewed, sent with its place and time, and its hash is checked on arrival', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto('/mobile-field');
    await page.getByRole('button', { name: 'Capture Document' }).click();
    const overlay = page.getByRole('dialog', { name: 'Capture Document' });
    await overlay.getByRole('button', { name: 'Use Camera' }).click();

    // Chromium's fake camera: the preview plays inside the framing guide.
    const preview = overlay.getByLabel('Camera preview');
    await expect(preview).toBeVisible();
    await expect(overlay.getByText('Align the document inside the frame')).toBeVisible();
    await expect
      .poll(() => preview.evaluate((v: HTMLVideoElement) => v.videoWidth))
      .toBeGreaterThan(0);

    // Retake goes back to the live camera; the second shot is kept.
    await overlay.getByRole('button', { name: 'Take photo' }).click();
    await expect(overlay.getByRole('img', { name: 'Captured document' })).toBeVisible();
    await overlay.getByRole('button', { name: 'Retake' }).click();
    await expect(overlay.getByLabel('Camera preview')).toBeVisible();
    await expect
      .poll(() =>
        overlay.getByLabel('Camera preview').evaluate((v: HTMLVideoElement) => v.videoWidth),
      )
      .toBeGreaterThan(0);
    await overlay.getByRole('button', { name: 'Take photo' }).click();
    await overlay.getByRole('button', { name: 'Use Photo' }).click();
    await expect(overlay).toBeHidden();

    const name = page.getByText(/^centerline-field-capture-.*\.jpg$/);
    await expect(name).toBeVisible();
    const fileName = (await name.textContent())!;
    const shown = await page.getByText(/^SHA-256 [0-9a-f]{12}…[0-9a-f]{6} · taken/).textContent();
    await page.getByLabel('Inspection notes (optional)').fill('FTD 3 discrepancy card, bay 4');
    await page.getByRole('button', { name: 'Process' }).click();

    const queue = page.getByRole('list', { name: 'On this device' });
    const item = queue.getByRole('listitem').filter({ hasText: fileName });
    await expect(item.getByText('Uploaded')).toBeVisible({ timeout: 30_000 });

    const documents = (await (await page.request.get('/api/documents')).json()) as {
      id: string;
      originalName: string;
      sha256: string;
      mimeType: string;
      metadata: {
        sha256?: string;
        location?: { lat: number; lng: number };
        accuracy?: number;
        notes?: string;
        timestamp?: string;
      } | null;
    }[];
    const arrived = documents.filter((d) => d.originalName === fileName);
    expect(arrived).toHaveLength(1);
    const doc = arrived[0]!;
    expect(doc.mimeType).toBe('image/jpeg');
    expect(doc.metadata?.sha256).toBe(doc.sha256);
    expect(shown).toContain(doc.sha256.slice(0, 12));
    expect(doc.metadata?.location).toEqual({ lat: 40.641311, lng: -73.778139 });
    expect(doc.metadata?.accuracy).toBe(12);
    expect(doc.metadata?.notes).toBe('FTD 3 discrepancy card, bay 4');
    // The bytes stored are the bytes hashed on the device.
    const download = await page.request.get(`/api/documents/${doc.id}/file`);
    expect(
      createHash('sha256')
        .update(await download.body())
        .digest('hex'),
    ).toBe(doc.sha256);

    await page.goto(`/documents/${doc.id}`);
    await expect(
      page.getByText(/Captured in the field .* at 40\.641311, -73\.778139/),
    ).toBeVisible();
    await expect(page.getByText('± 12 m')).toBeVisible();
    await expect(page.getByText('FTD 3 discrepancy card, bay 4')).toBeVisible();
    await expect(
      page.getByText(
        `SHA-256 checked on arrival: the stored file is the one captured (${doc.sha256}).`,
      ),
    ).toBeVisible();
  });

  test('a 30 MB photo is resized on the device and keeps the original hash; a file that is not a photo is refused there', async ({
    page,
  }) => {
    // Thirty megabytes hashed, decoded and resized in the browser, then uploaded.
    test.setTimeout(120_000);
    await signIn(page);
    await page.goto('/mobile-field');

    await page.getByRole('button', { name: 'Capture Document' }).click();
    await page.getByTestId('gallery-input').setInputFiles({
      name: 'crew-roster.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: Buffer.from('not a photo'),
    });
    await expect(page.getByRole('alert')).toHaveText(
      'crew-roster.docx is not a photo or a PDF. Field capture takes images and PDF files.',
    );

    const big = png(7, 5600, true);
    expect(big.length).toBeGreaterThan(30_000_000);
    const path = join(mkdtempSync(join(tmpdir(), 'centerline-e2e-')), 'logbook-page-30mb.png');
    writeFileSync(path, big);
    const bigHash = createHash('sha256').update(big).digest('hex');

    await page.getByRole('button', { name: 'Capture Document' }).click();
    await page.getByTestId('gallery-input').setInputFiles(path);
    await expect(page.getByText('logbook-page-30mb.jpg')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/^Resized on this device from 3\d(\.\d)? MB to/)).toBeVisible();
    await page.getByRole('button', { name: 'Process' }).click();
    const item = page
      .getByRole('list', { name: 'On this device' })
      .getByRole('listitem')
      .filter({ hasText: 'logbook-page-30mb.jpg' });
    await expect(item.getByText('Uploaded')).toBeVisible({ timeout: 60_000 });

    const documents = (await (await page.request.get('/api/documents')).json()) as {
      id: string;
      originalName: string;
      sizeBytes: number;
      sha256: string;
      metadata: { sha256?: string; originalSha256?: string; originalBytes?: number } | null;
    }[];
    const doc = documents.find((d) => d.originalName === 'logbook-page-30mb.jpg')!;
    expect(doc.sizeBytes).toBeLessThanOrEqual(10 * 1024 * 1024);
    expect(doc.metadata?.sha256).toBe(doc.sha256);
    expect(doc.metadata?.originalSha256).toBe(bigHash);
    expect(doc.metadata?.originalBytes).toBe(big.length);
    await page.goto(`/documents/${doc.id}`);
    await expect(page.getByText(new RegExp(`the original's SHA-256 was ${bigHash}`))).toBeVisible({
      timeout: 30_000,
    });
  });
});
