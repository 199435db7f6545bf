import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import FleetInsight from '../../pages/app/FleetInsight';
import { apiError, fakeApi } from '../../test/fake-api';
import { signedInAs } from '../../test/fixtures';
import { onDesktop, renderScreen, typeInto } from '../../test/render';
import { alerts, FFS1_ID, FLEET, metrics } from './test-data';

function openDashboard(
  tab: string,
  role: 'admin' | 'instructor' | 'auditor' | 'viewer' = 'admin',
  fleet = FLEET,
) {
  onDesktop();
  const api = fakeApi({
    ...signedInAs(role),
    'GET /api/maintenance/metrics': metrics(),
    'GET /api/maintenance/fleet': { fleet },
    'GET /api/maintenance/alerts': alerts(),
  });
  const view = renderScreen(<FleetInsight />, { route: `/fleet-insight?tab=${tab}` });
  return { api, ...view };
}

const metricCard = (label: string) =>
  screen.getAllByTestId('metric').find((card) => card.textContent?.startsWith(label))!;

describe('the predictive maintenance dashboard', () => {
  it('lists the fleet from the API, each row linking to its device page', async () => {
    openDashboard('fleet');
    const table = await screen.findByRole('table', { name: 'Fleet status' });
    const [, first, second] = within(table).getAllByRole('row');
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);

    expect(cells(first!)).toEqual([
      expect.stringMatching(
        /^FFS 1B737-800 FFSFull flight simulatorUpdated 03\/0[12]\/2025 at \d\d:\d\d [AP]M$/,
      ),
      'OperationalNo unresolved discrepancy restricts it and no maintenance is overdue0 critical alerts',
      '92.5%',
      '04/15/2025',
      'YesPreflight passed on 03/02/2025',
    ]);
    expect(cells(second!).slice(1, 5)).toEqual([
      'GroundedDown since 03/01/2025: Motion platform hydraulic leak1 critical alert',
      '55.0%',
      'None scheduled',
      'NoNo passing preflight on 03/02/2025',
    ]);
    // The window every score shares is said once, under the table.
    expect(
      screen.getByText(
        'Health: Availability 02/01/2025 to 03/02/2025: share of scheduled training time.',
      ),
    ).toBeTruthy();
    // The spec's health colours: 80 or more green, below 60 red.
    expect(within(first!).getByText('92.5%').className).toContain('text-green-700');
    expect(within(second!).getByText('55.0%').className).toContain('text-red-700');
    expect(within(first!).getByRole('link', { name: 'FFS 1' }).getAttribute('href')).toBe(
      `/fleet-insight/devices/${FFS1_ID}`,
    );
  });

  it('says "Not measured" for a figure the server did not compute, never a number', async () => {
    openDashboard('fleet');
    await screen.findAllByTestId('metric');
    const cost = metricCard('Cost reduction');
    expect(cost.textContent).toBe(
      'Cost reductionNot measuredCenterline keeps no maintenance cost data',
    );
    expect(cost.textContent).not.toMatch(/\d/);
    // A computed figure shows its value with the basis as its hint.
    expect(metricCard('Uptime change').textContent).toBe(
      'Uptime change−2.5 pointsFleet availability minus the 30 days before, in points',
    );
    expect(metricCard('Predictive accuracy').textContent).toContain('50.0%');
    expect(metricCard('Network intelligence').textContent).toContain('Not computed');
  });

  it('compares devices of one model and says when a model has one device', async () => {
    openDashboard('fleet', 'admin', [
      ...FLEET,
      { ...FLEET[0]!, aircraftId: 'C172 N525CL', deviceId: 'x', kind: 'aircraft', model: 'C172' },
    ]);
    const models = await screen.findByRole('list', { name: 'Devices by model' });
    const [b737, c172] = within(models)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === models);
    expect(b737!.textContent).toContain('2 devices of this type');
    expect(c172!.textContent).toContain('One device of this type');
  });

  it('filters the alerts by severity in the URL', async () => {
    const { search } = openDashboard('alerts');
    const list = await screen.findByRole('list', { name: 'Predictive alerts' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(list.textContent).toContain('Probability of failure within 30 days85.0%');
    expect(list.textContent).toContain('14 CFR 142.59(c)(3)');

    fireEvent.click(screen.getByRole('button', { name: /^Low/ }));
    await waitFor(() => expect(search().severity).toBe('LOW'));
    expect(
      within(screen.getByRole('list', { name: 'Predictive alerts' })).getAllByRole('listitem'),
    ).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /^High/ }));
    expect(await screen.findByText('No alert of this severity')).toBeTruthy();
  });

  it('explains an empty fleet and offers Add device to an Admin, with server errors by the field', async () => {
    const { api } = openDashboard('fleet', 'admin', []);
    api.on('POST /api/maintenance/devices', () =>
      apiError(422, 'name: taken', 'validation_failed', [
        { path: 'name', message: 'The fleet already has a device named "FFS 1"' },
      ]),
    );
    expect(await screen.findAllByText('No aircraft or FSTDs yet')).not.toHaveLength(0);
    fireEvent.click(screen.getAllByRole('button', { name: 'Add device' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add device' });
    typeInto(within(dialog).getByLabelText('Name'), 'FFS 1');
    typeInto(within(dialog).getByLabelText('Model'), 'B737-800 FFS');
    typeInto(within(dialog).getByLabelText('In service from'), '2020-01-01');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save device' }));

    expect(
      await within(dialog).findByText('The fleet already has a device named "FFS 1"'),
    ).toBeTruthy();
    expect(within(dialog).getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST /api/maintenance/devices')[0]!.body).toEqual({
      kind: 'ffs',
      name: 'FFS 1',
      model: 'B737-800 FFS',
      qualificationLevel: null,
      manufacturer: null,
      serialNumber: null,
      registration: null,
      location: null,
      inServiceFrom: '2020-01-01',
      baseHours: 0,
      baseCycles: 0,
    });
  });

  it('offers no Add device to an Auditor, and only a role note to a Viewer', async () => {
    openDashboard('fleet', 'auditor', []);
    expect(await screen.findAllByText('No aircraft or FSTDs yet')).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Add device' })).toBeNull();
  });

  it('shows a Viewer a role note and asks nothing of the fleet', async () => {
    const { api } = openDashboard('fleet', 'viewer');
    expect(await screen.findByText(/your role does not read them/)).toBeTruthy();
    expect(api.calls.filter((c) => c.path.startsWith('/api/maintenance'))).toHaveLength(0);
  });
});
