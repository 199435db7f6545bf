import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import DeviceDetail from '../../pages/app/DeviceDetail';
import { apiError, fakeApi, json } from '../../test/fake-api';
import { signedInAs } from '../../test/fixtures';
import { onDesktop, renderScreen, typeInto } from '../../test/render';
import { deviceOf, FFS2_ID, OPEN_ID } from './test-data';

function openDevice(role: 'admin' | 'instructor' | 'auditor' = 'instructor', device = deviceOf()) {
  onDesktop();
  const api = fakeApi({
    ...signedInAs(role),
    'GET /api/maintenance/devices/:id': device,
  });
  const view = renderScreen(<DeviceDetail />, {
    route: `/fleet-insight/devices/${device.id}`,
    path: '/fleet-insight/devices/:id',
  });
  return { api, ...view };
}

describe('the device page', () => {
  it('lets an Admin edit the device as a new version, naming the version it edits', async () => {
    const device = deviceOf();
    const { api } = openDevice('admin', device);
    api.on('PATCH /api/maintenance/devices/:id', () =>
      json({ ...device, version: device.version + 1 }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Edit device' }));
    const form = await screen.findByRole('form', { name: 'Edit device' });
    expect((within(form).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('FFS 2');
    typeInto(within(form).getByLabelText(/^Location/), 'Bay 3');
    fireEvent.click(within(form).getByRole('button', { name: 'Save device' }));
    await screen.findByText('Device saved');
    const [call] = api.callsTo('PATCH /api/maintenance/devices/:id');
    expect(call!.params.id).toBe(FFS2_ID);
    expect(call!.body).toMatchObject({ location: 'Bay 3', expectedVersion: device.version });
  });

  it('shows no Edit device to an Instructor', async () => {
    openDevice('instructor');
    await screen.findByRole('heading', { name: 'FFS 2' });
    expect(screen.queryByRole('button', { name: 'Edit device' })).toBeNull();
  });

  it('marks scheduled maintenance done with the date the contract names', async () => {
    const device = deviceOf({
      maintenance: [
        {
          id: 'item-1',
          deviceId: FFS2_ID,
          componentId: null,
          title: 'Annual motion inspection',
          kind: 'inspection',
          intervalDays: 365,
          intervalHours: null,
          lastDoneAt: '2024-02-01',
          lastDoneHours: null,
          dueAt: '2025-01-31',
          dueHours: null,
          overdue: true,
          version: 1,
        },
      ],
    });
    const { api } = openDevice('admin', device);
    api.on('POST /api/maintenance/devices/:id/maintenance/:itemId/done', () => json(device));
    fireEvent.click(
      await screen.findByRole('button', { name: 'Mark done: Annual motion inspection' }),
    );
    const form = await screen.findByRole('form', { name: 'Mark maintenance done' });
    typeInto(within(form).getByLabelText(/^Done on/), '2025-03-01');
    typeInto(within(form).getByLabelText(/^Device hours/), '1520.5');
    fireEvent.click(within(form).getByRole('button', { name: 'Record as done' }));
    await screen.findByText('Maintenance recorded as done');
    const [call] = api.callsTo('POST /api/maintenance/devices/:id/maintenance/:itemId/done');
    expect(call!.params).toEqual({ id: FFS2_ID, itemId: 'item-1' });
    expect(call!.body).toEqual({ doneAt: '2025-03-01', doneHours: 1520.5 });
  });

  it('heads the device with its status, the reason and why it is not released today', async () => {
    openDevice();
    await screen.findByRole('heading', { name: 'FFS 2' });
    expect(screen.getByText('Grounded')).toBeTruthy();
    expect(screen.getByTestId('status-reason').textContent).toBe(
      'Down since 03/01/2025: Motion platform hydraulic leak',
    );
    expect(screen.getByTestId('release').textContent).toBe(
      'Not released: No passing preflight on 03/02/2025',
    );
  });

  it('says a released device is released for training today', async () => {
    openDevice(
      'instructor',
      deviceOf({
        status: 'OPERATIONAL',
        release: { released: true, preflightId: 'pf-1', reason: 'Preflight passed on 2025-03-02' },
      }),
    );
    expect((await screen.findByTestId('release')).textContent).toBe(
      'Released for training today: Preflight passed on 03/02/2025',
    );
  });

  it('shows the server’s refusal to close an entry without its corrective action next to the field', async () => {
    const { api } = openDevice();
    api.on('PATCH /api/maintenance/devices/:id/discrepancies/:discrepancyId', () =>
      apiError(
        422,
        'correctiveAction: A closed discrepancy needs its corrective action',
        'validation_failed',
        [{ path: 'correctiveAction', message: 'A closed discrepancy needs its corrective action' }],
      ),
    );
    fireEvent.click(
      await screen.findByRole('button', {
        name: 'Close discrepancy: Motion platform hydraulic leak',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Close discrepancy' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close discrepancy' }));

    const field = within(dialog).getByLabelText('Corrective action');
    expect(
      (await within(dialog).findByText('A closed discrepancy needs its corrective action')).id,
    ).toBe('close-corrective-action-error');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const [call] = api.callsTo('PATCH /api/maintenance/devices/:id/discrepancies/:discrepancyId');
    expect(call!.params).toEqual({ id: FFS2_ID, discrepancyId: OPEN_ID });
    expect(call!.body).toMatchObject({
      status: 'closed',
      correctiveAction: null,
      closedBy: 'Dana Fox',
      trainingMinutesLost: 120,
      expectedVersion: 2,
    });
  });

  it('closes the entry once the corrective action is given and reads the device again', async () => {
    const { api } = openDevice();
    api.on('PATCH /api/maintenance/devices/:id/discrepancies/:discrepancyId', ({ body }) =>
      json({ ...deviceOf().discrepancies[0]!, ...(body as object), version: 3 }),
    );
    fireEvent.click(
      await screen.findByRole('button', {
        name: 'Close discrepancy: Motion platform hydraulic leak',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Close discrepancy' });
    typeInto(within(dialog).getByLabelText('Corrective action'), 'Replaced the actuator seal');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close discrepancy' }));

    expect(await screen.findByText('Discrepancy closed')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('GET /api/maintenance/devices/:id')).toHaveLength(2);
  });

  it('lets an Auditor read the logs without a form, with a role note', async () => {
    openDevice('auditor');
    await screen.findByRole('heading', { name: 'FFS 2' });
    expect(screen.getByText(/Your role reads the fleet’s logs/)).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Discrepancy log, newest first' })).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(
      screen.queryByRole('button', { name: /^(Report discrepancy|Close discrepancy|Record)/ }),
    ).toBeNull();
  });

  it('gives an Instructor the logs but leaves components and maintenance to Admins', async () => {
    openDevice('instructor');
    await screen.findByRole('heading', { name: 'FFS 2' });
    expect(screen.getByRole('form', { name: 'Record preflight' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Report discrepancy' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Install component' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Schedule maintenance' })).toBeNull();
  });
});
