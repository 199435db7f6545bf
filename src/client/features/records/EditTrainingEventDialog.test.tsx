import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  trainingEvent,
  trainingEventVersionList,
  type UpdateTrainingEventRequest,
} from '@shared/api/training-events';
import TrainingEventDetail from '../../pages/app/TrainingEventDetail';
import { apiError, fakeApi, type ApiCall } from '../../test/fake-api';
import { signedInAs } from '../../test/fixtures';
import { ledgerFor, keyListOf } from '../../test/ledger';
import { renderScreen, typeInto } from '../../test/render';

/** One record on the server; a PATCH makes the next version at the next leaf. */
function recordServer() {
  const ledger = ledgerFor({ version: 1, remarks: null }, { treeSize: 6, leafIndex: 5 });
  let record = ledger.record;
  const api = fakeApi({
    ...signedInAs('instructor'),
    'GET /api/training-events/:id': () => record,
    'GET /api/training-events/:id/versions': () =>
      trainingEventVersionList.parse([
        {
          version: 1,
          ledgerIndex: 5,
          leafHash: ledger.record.blockchainHash,
          recordedAt: ledger.record.updatedAt,
          changedBy: null,
          changes: [],
        },
      ]),
    'GET /api/ledger/keys': keyListOf(ledger.publicKey),
    'GET /api/training-events/:id/proof': ledger.bundle,
    'PATCH /api/training-events/:id': ({ body }: ApiCall) => {
      const { expectedVersion: _seen, ...patch } = body as UpdateTrainingEventRequest;
      record = trainingEvent.parse({
        ...record,
        ...patch,
        version: record.version + 1,
        ledgerIndex: 9,
        updatedAt: '2025-03-05T12:00:00.000Z',
      });
      return record;
    },
  });
  return { api, record: ledger.record, edits: () => api.callsTo('PATCH /api/training-events/:id') };
}

async function openEdit(id: string) {
  renderScreen(<TrainingEventDetail />, {
    route: `/compliance-records/${id}`,
    path: '/compliance-records/:id',
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
  return screen.findByRole('dialog', { name: 'Edit training event' });
}

const save = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save new version' }));

describe('editing a training record', () => {
  it('starts from the stored values and sends only what changed, with the version it saw', async () => {
    const { record, edits } = recordServer();
    const dialog = await openEdit(record.id);
    expect(
      within(dialog).getByText(/Saving records version 2 as a new ledger leaf\. Version 1/),
    ).toBeTruthy();
    expect((within(dialog).getByLabelText('Student name') as HTMLInputElement).value).toBe(
      'Avery Quinn',
    );
    expect((within(dialog).getByLabelText('Remarks') as HTMLTextAreaElement).value).toBe('');

    typeInto(within(dialog).getByLabelText('Evaluator'), 'Morgan Lee');
    typeInto(within(dialog).getByLabelText('Remarks'), 'Steep turns repeated; satisfactory.');
    save(dialog);

    expect(await screen.findByText('New version saved')).toBeTruthy();
    expect(screen.getByText('Version 2 is leaf #9 in the ledger.')).toBeTruthy();
    expect(edits().map((c) => c.body)).toEqual([
      {
        evaluator: 'Morgan Lee',
        remarks: 'Steep turns repeated; satisfactory.',
        expectedVersion: 1,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The page reads the record again and shows the new values.
    const fields = await screen.findByRole('region', { name: 'Record' });
    expect(await within(fields).findByText('Morgan Lee')).toBeTruthy();
  });

  it('records no version when nothing changed', async () => {
    const { record, edits } = recordServer();
    const dialog = await openEdit(record.id);
    // Spaces around a value are not a change.
    typeInto(within(dialog).getByLabelText('Instructor'), ' Dana Fox ');
    save(dialog);
    expect(await screen.findByText('Nothing changed')).toBeTruthy();
    expect(screen.getByText('No new version was recorded.')).toBeTruthy();
    expect(edits()).toHaveLength(0);
  });

  it('says someone else saved first, and keeps the dialog open with the edit', async () => {
    const { api, record } = recordServer();
    api.on('PATCH /api/training-events/:id', () =>
      apiError(
        409,
        'This record was changed by someone else (it is now version 2). Reload it and try again.',
        'conflict',
      ),
    );
    const dialog = await openEdit(record.id);
    typeInto(within(dialog).getByLabelText('Result / grade'), 'Unsatisfactory');
    save(dialog);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This record was changed by someone else (it is now version 2). Reload it and try again.',
    );
    expect((within(dialog).getByLabelText('Result / grade') as HTMLInputElement).value).toBe(
      'Unsatisfactory',
    );
  });

  it('disables Save while the version is being written', async () => {
    const { api, record } = recordServer();
    let answer!: () => void;
    api.on(
      'PATCH /api/training-events/:id',
      () =>
        new Promise((resolve) => {
          answer = () => resolve(apiError(500, 'Internal server error', 'internal_error'));
        }),
    );
    const dialog = await openEdit(record.id);
    typeInto(within(dialog).getByLabelText('Course / curriculum'), 'A320 type rating');
    save(dialog);
    const busy = await within(dialog).findByRole('button', { name: 'Saving…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    answer();
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Internal server error');
    expect(
      (within(dialog).getByRole('button', { name: 'Save new version' }) as HTMLButtonElement)
        .disabled,
    ).toBe(false);
  });
});
