import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  IMPORT_MAX_BYTES,
  importPreview,
  importResult,
  type ColumnMapping,
  type ImportPreview,
} from '@shared/api/training-events';
import TrainingEventImport from '../../pages/app/TrainingEventImport';
import { apiError, fakeApi, type ApiCall } from '../../test/fake-api';
import { documentOf, signedInAs } from '../../test/fixtures';
import { chooseOption, renderScreen } from '../../test/render';

const COLUMNS = ['Trainee', 'Cert #', 'Type', 'Date', 'Outcome', 'Instructor'];
const PROPOSED: ColumnMapping = {
  studentName: 'Trainee',
  licenseNumber: 'Cert #',
  eventType: 'Type',
  eventDate: 'Date',
  result: 'Outcome',
  instructor: null,
};

/**
 * The server's preview of a three-row file: with the Instructor column unmapped the rows are
 * fine; the status comes from the result column.
 */
function previewOf(mapping: ColumnMapping, overrides: Partial<ImportPreview> = {}): ImportPreview {
  return importPreview.parse({
    fileName: 'q1-sim-sessions.csv',
    fileHash: 'ef'.repeat(32),
    format: 'csv',
    columns: COLUMNS,
    mapping,
    rows: [1, 2, 3].map((n) => ({
      rowNumber: n + 1,
      values: {
        studentName: `Trainee ${n}`,
        eventType: 'Simulator session',
        eventDate: '2025-01-0' + n,
      },
      errors: [],
    })),
    totalRows: 3,
    validRows: 3,
    errorRows: 0,
    alreadyImported: null,
    ...overrides,
  });
}

function importServer(
  preview: (mapping?: ColumnMapping) => ImportPreview | Response = (m) => previewOf(m ?? PROPOSED),
) {
  const mappingOf = (call: ApiCall) => {
    const sent = (call.body as FormData).get('mapping');
    return sent ? (JSON.parse(String(sent)) as ColumnMapping) : undefined;
  };
  const api = fakeApi({
    ...signedInAs('instructor'),
    'POST /api/training-events/import/preview': (call: ApiCall) => preview(mappingOf(call)),
    'POST /api/training-events/import/commit': importResult.parse({
      importId: 'imp-1',
      imported: 3,
      firstLedgerIndex: 41,
      lastLedgerIndex: 43,
    }),
  });
  return { api, mappingOf };
}

function openImport(route = '/compliance-records/import') {
  renderScreen(<TrainingEventImport />, { route });
}

async function pick(file: File) {
  fireEvent.change(await screen.findByLabelText('Spreadsheet file (CSV or XLSX)'), {
    target: { files: [file] },
  });
}

const csv = (name = 'q1-sim-sessions.csv', size = 200) =>
  new File([new Uint8Array(size)], name, { type: 'text/csv' });
const importButton = () => screen.getByRole('button', { name: /^Import/ }) as HTMLButtonElement;

describe('importing training records from a spreadsheet', () => {
  it('previews the file with the proposed columns, then imports every row', async () => {
    const { api, mappingOf } = importServer();
    openImport();
    await pick(csv());

    expect(await screen.findByText('All 3 rows are ready to import.')).toBeTruthy();
    expect(screen.getByText('CSV · 3 rows · 3 ready · 0 with errors')).toBeTruthy();
    const previews = api.callsTo('POST /api/training-events/import/preview');
    expect((previews[0]!.body as FormData).get('file')).toBeInstanceOf(File);
    expect(mappingOf(previews[0]!)).toBeUndefined();
    expect(
      screen.getByRole('combobox', { name: 'Column for Student name (required)' }).textContent,
    ).toBe('Trainee');
    // No status column: the status is read from the result column.
    expect(screen.getByRole('combobox', { name: 'Column for Status (required)' }).textContent).toBe(
      'From the result column',
    );

    expect(importButton().textContent).toBe('Import 3 training events');
    fireEvent.click(importButton());
    const done = (await screen.findByText('Imported 3 training events')).closest(
      '[role="status"]',
    )!;
    expect(done.textContent).toContain('Recorded in the ledger as leaves #41 to #43.');
    // The preview is gone: the same file cannot be sent twice by a second click.
    expect(screen.queryByRole('button', { name: /^Import \d/ })).toBeNull();
    const commit = api.callsTo('POST /api/training-events/import/commit')[0]!;
    expect(mappingOf(commit)).toEqual(PROPOSED);
  });

  it('checks the rows again with a column the user maps differently', async () => {
    const { api, mappingOf } = importServer((mapping) =>
      mapping?.instructor
        ? previewOf(mapping, {
            rows: [
              {
                rowNumber: 3,
                values: { studentName: 'Trainee 2', instructor: '' },
                errors: [{ field: 'instructor', message: 'Instructor is empty' }],
              },
            ],
            validRows: 2,
            errorRows: 1,
          })
        : previewOf(mapping ?? PROPOSED),
    );
    openImport();
    await pick(csv());
    await screen.findByText('All 3 rows are ready to import.');

    await chooseOption(
      screen.getByRole('combobox', { name: 'Column for Instructor' }),
      'Instructor',
    );
    await screen.findByText(/1 row of 3 has errors\./);
    const previews = api.callsTo('POST /api/training-events/import/preview');
    expect(previews).toHaveLength(2);
    expect(mappingOf(previews[1]!)).toEqual({ ...PROPOSED, instructor: 'Instructor' });
    expect(importButton().textContent).toBe('Import training events');
    expect(importButton().disabled).toBe(true);
  });

  it('refuses a file that is not a spreadsheet, or too large, before sending it', async () => {
    const { api } = importServer();
    openImport();
    await pick(new File(['%PDF'], 'roster.pdf'));
    let alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Choose another file')).toBeTruthy();
    expect(within(alert).getByText('roster.pdf is not a CSV or XLSX file.')).toBeTruthy();

    await pick(csv('big.xlsx', IMPORT_MAX_BYTES + 1));
    alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      `big.xlsx is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
    );
    expect(api.callsTo('POST /api/training-events/import/preview')).toHaveLength(0);
  });

  it('says a file was imported before and does not offer to import it again', async () => {
    importServer((mapping) =>
      previewOf(mapping ?? PROPOSED, {
        alreadyImported: { importedAt: '2025-02-14T09:00:00.000Z', rowCount: 3 },
      }),
    );
    openImport();
    await pick(csv());
    expect(
      (await screen.findByText(/This exact file was already imported on 2025-02-14/)).textContent,
    ).toContain('Importing it again is refused so no event is recorded twice.');
    expect(importButton().disabled).toBe(true);
  });

  it('lists the problems the server found when the file cannot be read', async () => {
    importServer(() =>
      apiError(422, 'The file has no header row', 'validation_failed', [
        { path: 'file', message: 'Row 1 is empty' },
      ]),
    );
    openImport();
    await pick(csv());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The file could not be previewed')).toBeTruthy();
    expect(within(alert).getByText('The file has no header row')).toBeTruthy();
    expect(within(alert).getByText('file: Row 1 is empty')).toBeTruthy();
  });

  it('previews a spreadsheet already uploaded in Document Import', async () => {
    const documentId = '9d2e4c1a-5b6f-4a7e-8c9d-0e1f2a3b4c5d';
    const api = fakeApi({
      ...signedInAs('instructor'),
      'GET /api/documents/:id': documentOf({ id: documentId, originalName: 'roster-2025.xlsx' }),
      'POST /api/documents/:id/records/preview': previewOf(PROPOSED, {
        fileName: 'roster-2025.xlsx',
      }),
    });
    openImport(`/compliance-records/import?document=${documentId}`);
    expect(await screen.findByText('Preview of roster-2025.xlsx')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'roster-2025.xlsx' }).getAttribute('href')).toBe(
      `/documents/${documentId}`,
    );
    expect(api.callsTo('POST /api/documents/:id/records/preview').map((c) => c.body)).toEqual([{}]);
  });

  it('is closed to roles that do not manage documents', async () => {
    fakeApi(signedInAs('auditor'));
    openImport();
    expect(
      await screen.findByText('Importing training events is open to admins and instructors.'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Spreadsheet file (CSV or XLSX)')).toBeNull();
  });
});
