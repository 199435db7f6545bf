import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  instructorImportPreview,
  instructorImportResult,
  type InstructorColumnMapping,
  type InstructorImportPreview,
} from '@shared/api/instructors';
import Instructors from '../../pages/app/Instructors';
import { apiError, fakeApi, json, type ApiCall } from '../../test/fake-api';
import { signedInAs } from '../../test/fixtures';
import { onDesktop, renderScreen } from '../../test/render';
import { instructorOf, listOf } from './test-data';

const MAPPING: InstructorColumnMapping = {
  name: 'Name',
  role: 'Role',
  employedFrom: 'Hire date',
  employedUntil: null,
  email: null,
  certificates: null,
  course: 'Course',
  device: null,
  designatedAt: null,
};

/** The server's preview of a two-row roster; `bad` gives the second row an unknown course. */
function previewOf(fileName: string, bad: boolean): InstructorImportPreview {
  return instructorImportPreview.parse({
    fileName,
    fileHash: 'ab'.repeat(32),
    format: 'csv',
    columns: ['Name', 'Role', 'Hire date', 'Course'],
    mapping: MAPPING,
    rows: [
      {
        rowNumber: 2,
        values: { name: 'Avery Quinn', role: 'both', employedFrom: '2021-03-01', course: null },
        errors: [],
      },
      {
        rowNumber: 3,
        values: {
          name: 'Blake Stone',
          role: 'evaluator',
          employedFrom: '2022-05-10',
          course: 'A380 Type',
        },
        errors: bad
          ? [
              {
                field: 'course',
                message:
                  'Designated course: the centre has no course "A380 Type" in its training records',
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

const form = (call: ApiCall) => call.body as FormData;

function openList(role: 'admin' | 'instructor' | 'auditor' = 'admin') {
  onDesktop();
  const api = fakeApi({
    ...signedInAs(role),
    'GET /api/instructors': listOf([instructorOf()]),
    'POST /api/instructors/import': (call: ApiCall) => {
      const file = form(call).get('file') as File;
      if (form(call).get('mode') === 'commit') {
        return json(
          instructorImportResult.parse({
            importId: 'imp-1',
            imported: 2,
            instructorIds: ['a', 'b'],
          }),
          201,
        );
      }
      return previewOf(file.name, file.name.startsWith('bad'));
    },
  });
  renderScreen(<Instructors />, { route: '/instructors' });
  return api;
}

const csv = (name: string, size = 120) =>
  new File([new Uint8Array(size)], name, { type: 'text/csv' });

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Import' }));
  return screen.findByRole('dialog', { name: 'Import instructors' });
}

function pick(dialog: HTMLElement, file: File) {
  fireEvent.change(within(dialog).getByLabelText('Roster file (CSV or XLSX)'), {
    target: { files: [file] },
  });
}

const importButton = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: /^Import (\d|instructor)/ }) as HTMLButtonElement;

describe('importing instructors from a spreadsheet', () => {
  it('shows a row’s error and refuses to import, then imports a clean file and refreshes the list', async () => {
    const api = openList();
    await screen.findByRole('link', { name: 'Morgan Hale' });
    const dialog = await openDialog();
    expect(within(dialog).getByText(/Choose a file to see every row/)).toBeTruthy();

    pick(dialog, csv('bad-roster.csv'));
    expect(await within(dialog).findByText(/1 row of 2 has errors\./)).toBeTruthy();
    const row = within(dialog)
      .getAllByRole('row')
      .find((r) => r.textContent?.includes('Blake Stone'))!;
    expect(
      within(row).getByText(
        'Designated course: the centre has no course "A380 Type" in its training records',
      ),
    ).toBeTruthy();
    // The mapping shows the instructor fields, not the training record's.
    expect(
      within(dialog).getByRole('combobox', { name: 'Column for Employed from (required)' })
        .textContent,
    ).toBe('Hire date');
    expect(within(dialog).getByRole('columnheader', { name: 'Designated course' })).toBeTruthy();
    expect(importButton(dialog).textContent).toBe('Import instructor files');
    expect(importButton(dialog).disabled).toBe(true);
    const first = api.callsTo('POST /api/instructors/import')[0]!;
    expect(form(first).get('mode')).toBe('preview');
    expect(form(first).get('mapping')).toBeNull();

    pick(dialog, csv('roster.csv'));
    expect(await within(dialog).findByText('All 2 rows are ready to import.')).toBeTruthy();
    expect(importButton(dialog).textContent).toBe('Import 2 instructor files');
    const listsBefore = api.callsTo('GET /api/instructors').length;
    fireEvent.click(importButton(dialog));

    const done = (await within(dialog).findByText('Imported 2 instructor files')).closest(
      '[role="status"]',
    ) as HTMLElement;
    const commit = api.callsTo('POST /api/instructors/import').at(-1)!;
    expect(form(commit).get('mode')).toBe('commit');
    expect((form(commit).get('file') as File).name).toBe('roster.csv');
    expect(JSON.parse(String(form(commit).get('mapping')))).toEqual(MAPPING);
    await waitFor(() =>
      expect(api.callsTo('GET /api/instructors').length).toBeGreaterThan(listsBefore),
    );
    // The preview is gone: a second click cannot send the same file again.
    expect(within(dialog).queryByRole('button', { name: /^Import \d/ })).toBeNull();

    fireEvent.click(within(done).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.unexpected).toEqual([]);
  });

  it('says why nothing was imported when the server refuses the commit', async () => {
    const api = openList('instructor');
    const dialog = await openDialog();
    pick(dialog, csv('roster.csv'));
    await within(dialog).findByText('All 2 rows are ready to import.');
    api.on('POST /api/instructors/import', () =>
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
    const api = openList();
    const dialog = await openDialog();
    pick(dialog, new File(['%PDF'], 'roster.pdf'));
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('roster.pdf is not a CSV or XLSX file.')).toBeTruthy();
    expect(api.callsTo('POST /api/instructors/import')).toHaveLength(0);
  });

  it('offers no import to a role that does not manage documents', async () => {
    openList('auditor');
    await screen.findByRole('link', { name: 'Morgan Hale' });
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
  });
});
