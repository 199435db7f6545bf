import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { trainingEventVersionList, type TrainingEvent } from '@shared/api/training-events';
import type { Role } from '@shared/constants/roles';
import TrainingEventDetail from '../../pages/app/TrainingEventDetail';
import { apiError, fakeApi, type ApiRoutes } from '../../test/fake-api';
import { signedInAs } from '../../test/fixtures';
import { ledgerFor, signingKey, keyListOf } from '../../test/ledger';
import { renderScreen } from '../../test/render';

type Ledger = ReturnType<typeof ledgerFor>;

function versionsOf(record: TrainingEvent) {
  return trainingEventVersionList.parse([
    {
      version: 1,
      ledgerIndex: record.ledgerIndex,
      leafHash: record.blockchainHash,
      recordedAt: record.updatedAt,
      changedBy: { id: record.updatedBy, name: 'Dana Fox', email: 'instructor@northwind.test' },
      changes: [{ field: 'studentName', from: null, to: record.studentName }],
    },
  ]);
}

/** The server of one record: its row, versions, inclusion proof, export bundle and the key. */
function serverFor(role: Role, ledger: Ledger, overrides: ApiRoutes = {}) {
  const { record, proof, publicKey, bundle } = ledger;
  return fakeApi({
    ...signedInAs(role),
    'GET /api/training-events/:id': record,
    'GET /api/training-events/:id/versions': versionsOf(record),
    'GET /api/ledger/keys': keyListOf(publicKey),
    'GET /api/ledger/proof/inclusion/:id': proof,
    'GET /api/training-events/:id/proof': bundle,
    ...overrides,
  });
}

function renderRecord(id: string) {
  return renderScreen(<TrainingEventDetail />, {
    route: `/compliance-records/${id}`,
    path: '/compliance-records/:id',
  });
}

/** The value beside a label of the proof's details. */
const detail = (region: HTMLElement, label: string) =>
  within(region).getByText(label).nextElementSibling?.textContent;

const proofRegion = () => screen.findByRole('region', { name: 'Ledger proof' });

/** Each check as a screen reader hears it: "Label: passed|failed|not checked". */
function checkStates(region: HTMLElement) {
  return within(region)
    .getAllByRole('listitem')
    .filter((li) => li.hasAttribute('data-check'))
    .map((li) => li.querySelector('p')!.textContent);
}

describe('the ledger proof of a training record, checked in the browser', () => {
  it('verifies the exported bundle and shows where the record sits in the signed log', async () => {
    const ledger = ledgerFor({}, { treeSize: 5, leafIndex: 2 });
    const api = serverFor('auditor', ledger);
    renderRecord(ledger.record.id);

    const region = await proofRegion();
    expect(await within(region).findByText('Verified')).toBeTruthy();
    expect(await screen.findByText('Ledger verified')).toBeTruthy();
    expect(within(region).getByText('9 of 9 checks passed')).toBeTruthy();
    expect(checkStates(region).every((state) => state?.endsWith(': passed'))).toBe(true);
    expect(detail(region, 'Leaf index')).toBe('2');
    expect(detail(region, 'Tree size')).toBe('5 leaves');
    const path = within(region).getByRole('list', { name: 'Audit path, leaf level first' });
    expect(
      within(path)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('code')!.textContent),
    ).toEqual(ledger.proof.auditPath);

    // An Auditor downloads the bundle itself; the screen never assembles one for them.
    expect(screen.getByRole('link', { name: 'Download proof bundle' }).getAttribute('href')).toBe(
      `/api/training-events/${ledger.record.id}/proof`,
    );
    expect(api.callsTo('GET /api/training-events/:id/proof').length).toBeGreaterThan(0);
    expect(api.callsTo('GET /api/ledger/proof/inclusion/:id')).toHaveLength(0);
    expect(api.unexpected).toEqual([]);
  });

  it('names the failed check when the stored record no longer matches its leaf', async () => {
    const ledger = ledgerFor({}, { treeSize: 5, leafIndex: 2 });
    // Someone changed the row in the database; the ledger leaf still says "completed".
    const altered = { ...ledger.record, status: 'failed' as const };
    serverFor('auditor', ledger, {
      'GET /api/training-events/:id': altered,
      'GET /api/training-events/:id/proof': { ...ledger.bundle, record: altered },
    });
    renderRecord(ledger.record.id);

    const region = await proofRegion();
    const verdict = await within(region).findByRole('alert');
    expect(verdict.textContent).toContain('Verification failed');
    expect(verdict.textContent).toContain(
      'record field status is "failed" but the ledger leaf says "completed"',
    );
    expect(await screen.findByText('Not verified')).toBeTruthy();
    expect(within(region).getByText('8 of 9 checks passed')).toBeTruthy();
    expect(checkStates(region)).toContain('Record equals the leaf: failed');
    expect(checkStates(region)).toContain('Tree head signature: passed');
  });

  it('refuses a bundle signed with a key other than the organization’s published one', async () => {
    const ledger = ledgerFor();
    const published = signingKey().published;
    serverFor('auditor', ledger, { 'GET /api/ledger/keys': keyListOf(published) });
    renderRecord(ledger.record.id);

    const region = await proofRegion();
    const verdict = await within(region).findByRole('alert');
    expect(verdict.textContent).toContain(
      `bundle key ${ledger.publicKey.fingerprint} is not one of the trusted keys`,
    );
    expect(checkStates(region)).toContain('Organization’s signing key: failed');
  });

  it('assembles the bundle for a Viewer from the calls their role may make', async () => {
    const ledger = ledgerFor({}, { treeSize: 8, leafIndex: 7 });
    const api = serverFor('viewer', ledger, {
      'GET /api/training-events/:id/proof': () =>
        apiError(403, 'Your role cannot export proof bundles', 'forbidden'),
    });
    renderRecord(ledger.record.id);

    const region = await proofRegion();
    expect(await within(region).findByText('Verified')).toBeTruthy();
    expect(within(region).getByText('9 of 9 checks passed')).toBeTruthy();
    expect(api.callsTo('GET /api/ledger/proof/inclusion/:id')[0]?.params.id).toBe(ledger.record.id);
    expect(api.callsTo('GET /api/training-events/:id/proof')).toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'Download proof bundle' })).toBeNull();
  });

  it('says the proof could not be loaded, and checks it again on request', async () => {
    const ledger = ledgerFor();
    const api = serverFor('auditor', ledger, {
      'GET /api/training-events/:id/proof': () =>
        apiError(503, 'The ledger is busy, try again', 'internal_error'),
    });
    renderRecord(ledger.record.id);

    const region = await proofRegion();
    expect((await within(region).findByRole('alert')).textContent).toBe(
      'Could not load the proof. The ledger is busy, try again',
    );
    expect(await screen.findByText('Not verified')).toBeTruthy();

    api.on('GET /api/training-events/:id/proof', ledger.bundle);
    fireEvent.click(within(region).getByRole('button', { name: 'Check the proof again' }));
    expect(await within(region).findByText('Verified')).toBeTruthy();
    expect(within(region).queryByRole('alert')).toBeNull();
  });

  it('shows no proof for a record that never reached the ledger', async () => {
    const ledger = ledgerFor();
    const api = serverFor('auditor', ledger, {
      'GET /api/training-events/:id': { ...ledger.record, blockchainHash: null, ledgerIndex: null },
    });
    renderRecord(ledger.record.id);
    expect(
      await screen.findByText(
        'This record has no leaf in the ledger, so there is no proof to check.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Ledger proof' })).toBeNull();
    expect(api.callsTo('GET /api/training-events/:id/proof')).toHaveLength(0);
  });
});

describe('checking a proof bundle file', () => {
  async function pick(file: File) {
    const region = await proofRegion();
    await within(region).findByText('Verified');
    fireEvent.change(within(region).getByLabelText('Check a proof bundle file'), {
      target: { files: [file] },
    });
    return within(region).findByLabelText(`Result for ${file.name}`);
  }

  const jsonFile = (value: unknown, name: string) =>
    new File([JSON.stringify(value)], name, { type: 'application/json' });

  it('verifies a kept bundle against the published key', async () => {
    const ledger = ledgerFor();
    serverFor('auditor', ledger);
    renderRecord(ledger.record.id);
    const result = await pick(jsonFile(ledger.bundle, 'avery-quinn.json'));
    expect(within(result).getByText('Verified')).toBeTruthy();
    expect(
      within(result).getByText(
        'The record in this file is in your organization’s signed log exactly as the file shows it.',
      ),
    ).toBeTruthy();
  });

  it('finds a bundle whose audit path was edited', async () => {
    const ledger = ledgerFor({}, { treeSize: 5, leafIndex: 2 });
    serverFor('auditor', ledger);
    renderRecord(ledger.record.id);
    const [first, ...rest] = ledger.bundle.proof.auditPath;
    const forged = {
      ...ledger.bundle,
      proof: {
        ...ledger.bundle.proof,
        auditPath: [first!.replace(/^./, (c) => (c === '0' ? '1' : '0')), ...rest],
      },
    };
    const result = await pick(jsonFile(forged, 'forged.json'));
    expect(within(result).getByRole('alert').textContent).toContain(
      `audit path from leaf 2 does not lead to the signed root ${ledger.proof.head.rootHash}`,
    );
    expect(within(result).getByText('8 of 9 checks passed')).toBeTruthy();
  });

  it('says a file that is not JSON is not a bundle', async () => {
    const ledger = ledgerFor();
    serverFor('auditor', ledger);
    renderRecord(ledger.record.id);
    const result = await pick(new File(['%PDF-1.7'], 'scan.pdf'));
    expect(within(result).getByRole('alert').textContent).toContain('scan.pdf is not a JSON file');
    await waitFor(() => expect(within(result).getByText('0 of 9 checks passed')).toBeTruthy());
  });
});
