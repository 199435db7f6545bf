import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  fleetImportPreview,
  fleetImportResult,
  type FleetImportKind,
  type FleetImportPreview,
} from '@shared/api/fleet-import';
import type { Role } from '@shared/constants/roles';
import { createQueryClient } from '../../lib/api';
import { AUTH_KEY } from '../auth/use-auth';
import { apiError, fakeApi, json, type ApiCall } from '../../test/fake-api';
import { signedInAs } from '../../test/fixtures';
import { onDesktop, renderScreen } from '../../test/render';
import { ImportFleetDialog } from './ImportFleetDialog';

const LOG_MAPPING = {
  device: 'Device',
  reportedAt: 'Date',
  reportedBy: 'Reported by',
  session: null,
  component: null,
  ataChapter: null,
  description: 'Description',
  severity: 'Impact',
  status: null,
  correctiveAction: null,
  closedAt: null,
  closedBy: null,
  downtimeMinutes: null,
  trainingMinutesLost: null,
};

/** The server's preview of a two-row discrepancy log; `bad` names a device the fleet lacks. */
function logPreview(fileName: string, bad: boolean): FleetImportPreview {
  return fleetImportPreview.parse({
    kind: 'discrepancies',
    fileName,
    fileHash: 'ab'.repeat(32),
    format: 'csv',
    columns: ['Device', 'Date', 'Reported by', 'Description', 'Impact'],
    mapping: LOG_MAPPING,
    rows: [
      {
        rowNumber: 2,
        values: {
          device: 'FFS 2',
          reportedAt: '2025-03-04T12:00:00.000Z',
          reportedBy: 'Dana Reyes',
          description: 'Left channel flicker',
          severity: 'no_impact',
        },
        errors: [],
      },
      {
        rowNumber: 3,
        values: {
          device: bad ? 'FFS 9' : 'FFS 2',
          reportedAt: '2025-03-05T14:30:00.000Z',
          reportedBy: 'Sam Ortiz',
          description: 'Motion fault',
          severity: 'down',
        },
        errors: bad
          ? [
              {
                field: 'device',
                message:
                  'Device: the fleet has no device named "FFS 9" (import or add the device first)',
              },
            ]
          : [],
      },
    ],
    totalRows: 2,
    validRows: bad ? 1 : 2,
    errorRows: bad ? 1 : 0,
    alreadyImported: null,
  });
}

/** A device list preview of one row, whatever the file. */
const devicesPreview = (fileName: string) =>
  fleetImportPreview.parse({
    ...logPreview(fileName, false),
    kind: 'devices',
    columns: ['Type', 'Name', 'Model', 'In service'],
    mapping: { kind: 'Type', name: 'Name', model: 'Model', inServiceFrom: 'In service' },
    rows: [
      {
        rowNumber: 2,
        values: { kind: 'ffs', name: 'FFS 3', model: 'B737-800', inServiceFrom: '2019-04-01' },
        errors: [],
      },
    ],
    totalRows: 1,
    validRows: 1,
    errorRows: 0,
  });

const form = (call: ApiCall) => call.body as FormData;
const FLEET_KEY = ['/api/maintenance', 'fleet'];

function render(role: Role) {
  onDesktop();
  const queryClient = createQueryClient();
  queryClient.setQueryData(FLEET_KEY, { fleet: [] });
  const api = fakeApi({
    ...signedInAs(role),
    'POST /api/maintenance/import': (call: ApiCall) => {
      const file = form(call).get('file') as File;
      const kind = form(call).get('kind') as FleetImportKind;
      if (form(call).get('mode') === 'commit') {
        return json(
          fleetImportResult.parse({ importId: 'imp-1', kind, imported: 2, ids: ['a', 'b'] }),
          201,
        );
      }
      return kind === 'devices'
        ? devicesPreview(file.name)
        : logPreview(file.name, file.name.startsWith('bad'));
    },
  });
  renderScreen(<ImportFleetDialog />, { queryClient });
  return { api, queryClient };
}

const csv = (name: string, size = 120) =>
  new File([new Uint8Array(size)], name, { type: 'text/csv' });

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Import' }));
  return screen.findByRole('dialog', { name: 'Import fleet history' });
}

const kindRadio = (dialog: HTMLElement, name: string) =>
  within(within(dialog).getByRole('group', { name: 'What the file holds' })).getByRole('radio', {
    name: new RegExp(`^${name}`),
  }) as HTMLInputElement;

function pick(dialog: HTMLElement, label: string, file: File) {
  fireEvent.change(within(dialog).getByLabelText(`${label} file (CSV or XLSX)`), {
    target: { files: [file] },
  });
}

const importButton = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: /^Import (\d|devices|discrep)/ }) as HTMLButtonElement;

describe('importing the fleet’s history from a spreadsheet', () => {
  it('previews a discrepancy log with its row errors, refuses it, then imports a clean one and refreshes the fleet', async () => {
    const { api, queryClient } = render('admin');
    const dialog = await openDialog();
    fireEvent.click(kindRadio(dialog, 'Discrepancy log'));
    expect(kindRadio(dialog, 'Discrepancy log').checked).toBe(true);
    // The dialog says how a date without a time is read.
    expect(within(dialog).getByText(/A date without a time is read as/).textContent).toContain(
      '12:00 UTC',
    );

    pick(dialog, 'Discrepancy log', csv('bad-log.csv'));
    expect(await within(dialog).findByText(/1 row of 2 has errors\./)).toBeTruthy();
    const row = within(dialog)
      .getAllByRole('row')
      .find((r) => r.textContent?.includes('FFS 9'))!;
    expect(
      within(row).getByText(
        'Device: the fleet has no device named "FFS 9" (import or add the device first)',
      ),
    ).toBeTruthy();
    expect(
      within(dialog).getByRole('combobox', { name: 'Column for Severity (required)' }).textContent,
    ).toBe('Impact');
    expect(within(dialog).getByRole('columnheader', { name: 'Reported at' })).toBeTruthy();
    expect(importButton(dialog).textContent).toBe('Import discrepancies');
    expect(importButton(dialog).disabled).toBe(true);
    const first = api.callsTo('POST /api/maintenance/import')[0]!;
    expect(form(first).get('kind')).toBe('discrepancies');
    expect(form(first).get('mode')).toBe('preview');
    expect(form(first).get('mapping')).toBeNull();

    pick(dialog, 'Discrepancy log', csv('log.csv'));
    expect(await within(dialog).findByText('All 2 rows are ready to import.')).toBeTruthy();
    expect(importButton(dialog).textContent).toBe('Import 2 discrepancies');
    fireEvent.click(importButton(dialog));

    const done = (await within(dialog).findByText('Imported 2 discrepancies')).closest(
      '[role="status"]',
    ) as HTMLElement;
    const commit = api.callsTo('POST /api/maintenance/import').at(-1)!;
    expect(form(commit).get('mode')).toBe('commit');
    expect(form(commit).get('kind')).toBe('discrepancies');
    expect((form(commit).get('file') as File).name).toBe('log.csv');
    expect(JSON.parse(String(form(commit).get('mapping')))).toEqual(LOG_MAPPING);
    await waitFor(() => expect(queryClient.getQueryState(FLEET_KEY)?.isInvalidated).toBe(true));
    // The preview is gone: a second click cannot send the same file again.
    expect(within(dialog).queryByRole('button', { name: /^Import \d/ })).toBeNull();

    fireEvent.click(within(done).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.unexpected).toEqual([]);
  });

  it('reads the chosen file again as another kind', async () => {
    const { api } = render('admin');
    const dialog = await openDialog();
    expect(kindRadio(dialog, 'Devices').checked).toBe(true);
    pick(dialog, 'Devices', csv('fleet.csv'));
    expect(await within(dialog).findByText('All 1 row are ready to import.')).toBeTruthy();
    expect(importButton(dialog).textContent).toBe('Import 1 device');

    fireEvent.click(kindRadio(dialog, 'Discrepancy log'));
    expect(await within(dialog).findByText('All 2 rows are ready to import.')).toBeTruthy();
    const kinds = api.callsTo('POST /api/maintenance/import').map((c) => form(c).get('kind'));
    expect(kinds).toEqual(['devices', 'discrepancies']);
  });

  it('offers an Instructor the discrepancy log only, and says why nothing was imported', async () => {
    const { api } = render('instructor');
    const dialog = await openDialog();
    expect(kindRadio(dialog, 'Devices').disabled).toBe(true);
    expect(kindRadio(dialog, 'Maintenance log').disabled).toBe(true);
    expect(kindRadio(dialog, 'Discrepancy log').checked).toBe(true);
    pick(dialog, 'Discrepancy log', csv('log.csv'));
    await within(dialog).findByText('All 2 rows are ready to import.');
    api.on('POST /api/maintenance/import', () =>
      apiError(
        409,
        'This file was already imported on 2025-02-14; nothing was imported again.',
        'conflict',
      ),
    );
    fireEvent.click(importButton(dialog));
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('Nothing was imported')).toBeTruthy();
    expect(
      within(alert).getByText(
        'This file was already imported on 2025-02-14; nothing was imported again.',
      ),
    ).toBeTruthy();
  });

  it('refuses a file that is not a spreadsheet before sending it', async () => {
    const { api } = render('admin');
    const dialog = await openDialog();
    pick(dialog, 'Devices', new File(['%PDF'], 'fleet.pdf'));
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('fleet.pdf is not a CSV or XLSX file.')).toBeTruthy();
    expect(api.callsTo('POST /api/maintenance/import')).toHaveLength(0);
  });

  it('offers no import to a role that may import nothing', async () => {
    const { queryClient } = render('auditor');
    await waitFor(() =>
      expect(queryClient.getQueryData(AUTH_KEY)).toMatchObject({ role: 'auditor' }),
    );
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
  });
});
