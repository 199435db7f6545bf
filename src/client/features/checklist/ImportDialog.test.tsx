import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { importRejected, importResult, type ImportResult } from '@shared/api/checklist';
import ComplianceChecklist from '../../pages/app/ComplianceChecklist';
import { fakeApi, json, type ApiCall } from '../../test/fake-api';
import { checklistOf, signedInAs } from '../../test/fixtures';
import { onDesktop, renderScreen } from '../../test/render';

const CSV = 'Item Number,Status,Comments,Description\n1-01,Compliant,HR check done,…\n';

/** The server's reading of a file of three rows; `errors` rows are refused. */
function reading(dryRun: boolean, errors = 0): ImportResult {
  return importResult.parse({
    dryRun,
    applied: !dryRun && errors === 0,
    columns: { used: ['Item Number', 'Status', 'Comments'], ignored: ['Description'] },
    rows: [
      {
        row: 2,
        itemNumber: '1-01',
        changes: [
          { field: 'status', from: 'pending', to: 'compliant' },
          { field: 'comments', from: '', to: 'HR check done' },
        ],
        error: null,
      },
      { row: 3, itemNumber: '1-02', changes: [], error: null },
      errors
        ? { row: 4, itemNumber: '1-99', changes: [], error: 'No item 1-99 in the checklist' }
        : {
            row: 4,
            itemNumber: '3-01',
            changes: [{ field: 'findings', from: 'Syllabus outdated', to: '' }],
            error: null,
          },
    ],
    summary: { rows: 3, changed: errors ? 1 : 2, unchanged: 1, errors },
  });
}

function setUp(
  importReply: (call: ApiCall) => unknown = ({ query }) => reading(query.dryRun === 'true'),
) {
  const api = fakeApi({
    ...signedInAs('instructor'),
    'GET /api/checklist': checklistOf(),
    'POST /api/checklist/import': importReply,
  });
  onDesktop();
  renderScreen(<ComplianceChecklist />, { route: '/compliance-checklist' });
  return { api, imports: () => api.callsTo('POST /api/checklist/import') };
}

async function chooseFile(file: File) {
  fireEvent.click(await screen.findByRole('button', { name: 'Import Checklist' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import Checklist' });
  fireEvent.change(within(dialog).getByLabelText('Checklist file to import'), {
    target: { files: [file] },
  });
  return dialog;
}

const importButton = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: /^Import( \d+ changes)?$/ }) as HTMLButtonElement;

describe('importing checklist answers', () => {
  it('previews every change first, then imports on request', async () => {
    const { api, imports } = setUp();
    const dialog = await chooseFile(new File([CSV], 'answers.csv', { type: 'text/csv' }));

    expect(
      await within(dialog).findByText(
        '3 rows: 2 would change, 1 unchanged, 0 errors. Read-only columns skipped: Description.',
      ),
    ).toBeTruthy();
    const preview = imports()[0]!;
    expect(preview.query).toEqual({ dryRun: 'true', filename: 'answers.csv' });
    expect(preview.headers['content-type']).toBe('text/csv');
    expect(await (preview.body as File).text()).toBe(CSV);

    const table = within(dialog).getByRole('table', { name: 'Rows that change or have errors' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        ),
    ).toEqual([
      ['2', '1-01', 'Status → Compliant; Comments updated'],
      ['4', '3-01', 'Findings cleared'],
    ]);

    const button = importButton(dialog);
    expect(button.textContent).toBe('Import 2 changes');
    expect(button.disabled).toBe(false);
    fireEvent.click(button);

    expect(await screen.findByText('Checklist imported')).toBeTruthy();
    expect(screen.getByText('2 of 3 items updated from answers.csv.')).toBeTruthy();
    expect(imports().map((c) => c.query.dryRun)).toEqual(['true', 'false']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The checklist is read again with the imported answers.
    await waitFor(() => expect(api.callsTo('GET /api/checklist')).toHaveLength(2));
  });

  it('sends an Excel file with its own type', async () => {
    const { imports } = setUp();
    await chooseFile(new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'Answers.XLSX'));
    await waitFor(() => expect(imports()).toHaveLength(1));
    expect(imports()[0]!.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
  });

  it('keeps Import disabled while any row has an error, and lists the error', async () => {
    const { imports } = setUp(({ query }) => reading(query.dryRun === 'true', 1));
    const dialog = await chooseFile(new File([CSV], 'answers.csv'));
    expect(await within(dialog).findByText('No item 1-99 in the checklist')).toBeTruthy();
    expect(within(dialog).getByText(/3 rows: 1 would change, 1 unchanged, 1 error\./)).toBeTruthy();
    expect(importButton(dialog).disabled).toBe(true);
    expect(imports()).toHaveLength(1);
  });

  it('keeps Import disabled when the file changes nothing', async () => {
    setUp(() =>
      importResult.parse({
        ...reading(true),
        rows: [{ row: 2, itemNumber: '1-02', changes: [], error: null }],
        summary: { rows: 1, changed: 0, unchanged: 1, errors: 0 },
      }),
    );
    const dialog = await chooseFile(new File([CSV], 'same.csv'));
    await within(dialog).findByText(/1 rows: 0 would change, 1 unchanged, 0 errors\./);
    expect(within(dialog).queryByRole('table')).toBeNull();
    expect(importButton(dialog).disabled).toBe(true);
  });

  it('shows the server’s refusal with the rows it found wrong', async () => {
    setUp(({ query }) =>
      query.dryRun === 'true'
        ? reading(true)
        : json(
            importRejected.parse({
              message: 'Row 4: no item 1-99 in the checklist. Nothing was imported.',
              code: 'validation_failed',
              result: reading(false, 1),
            }),
            422,
          ),
    );
    const dialog = await chooseFile(new File([CSV], 'answers.csv'));
    await within(dialog).findByText(/2 would change/);
    fireEvent.click(importButton(dialog));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Row 4: no item 1-99 in the checklist. Nothing was imported.',
    );
    expect(within(dialog).getByText('No item 1-99 in the checklist')).toBeTruthy();
    expect(importButton(dialog).disabled).toBe(true);
  });

  it('says why a file could not be read at all', async () => {
    setUp(() =>
      json(
        {
          message: 'The file is neither CSV text nor an XLSX workbook',
          code: 'unsupported_media_type',
        },
        415,
      ),
    );
    const dialog = await chooseFile(new File(['%PDF-1.7'], 'answers.pdf'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The file is neither CSV text nor an XLSX workbook',
    );
    expect(importButton(dialog).textContent).toBe('Import');
    expect(importButton(dialog).disabled).toBe(true);
  });
});
