import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Report } from '@shared/api/reports';
import { Button } from '../../components/ui/button';
import { createQueryClient } from '../../lib/api';
import { useExportScope } from './export-scope';
import { ReportDialog } from './ReportDialog';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const REPORT: Report = {
  id: '3f1f3c39-6f0a-4a53-9d4e-0b0d2c0e9a11',
  type: 'summary',
  format: 'pdf',
  from: '2026-11-01',
  to: '2026-11-30',
  scope: { kind: 'organization' },
  status: 'queued',
  progress: 0,
  error: null,
  sha256: null,
  sizeBytes: null,
  treeHead: null,
  fileName: 'centerline-summary-report-2026-11-01-to-2026-11-30.pdf',
  createdAt: '2026-12-01T10:00:00.000Z',
  completedAt: null,
};

/** The server as the dialog sees it: a report that runs for one poll, then completes. */
function fakeServer() {
  let polls = 0;
  return vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/reports' && init?.method === 'POST') return json(REPORT, 202);
    if (url === '/api/reports') return json([]);
    if (url === `/api/reports/${REPORT.id}`) {
      polls += 1;
      return polls === 1
        ? json({ ...REPORT, status: 'running', progress: 45 })
        : json({
            ...REPORT,
            status: 'completed',
            progress: 100,
            sha256: 'ab'.repeat(32),
            sizeBytes: 48_000,
            treeHead: {
              origin: 'centerline.local/ledger/o1',
              treeSize: 23,
              rootHash: 'cd'.repeat(32),
              checkpoint: 'x',
              vkey: 'v',
              publicKeyHex: 'ef'.repeat(32),
              fingerprint: 'SHA256:00',
            },
            completedAt: '2026-12-01T10:00:05.000Z',
          });
    }
    return json({ message: 'Not found', code: 'not_found' }, 404);
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the report chooser', () => {
  it('refuses a period that ends before it starts, then follows a report to its download', async () => {
    const server = fakeServer();
    vi.stubGlobal('fetch', server);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ReportDialog trigger={<Button>Export</Button>} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export a report' });
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '2026-11-30' } });
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '2026-11-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate report' }));
    expect(await within(dialog).findByText('The period ends before it starts')).toBeTruthy();
    expect(server.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '2026-11-30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate report' }));
    // Queued at first, then the job's progress as the server reports it.
    expect(await within(dialog).findByText('Waiting for the report to start…')).toBeTruthy();
    await waitFor(
      () =>
        expect(
          within(dialog)
            .getByRole('progressbar', { name: 'Report progress' })
            .getAttribute('aria-valuenow'),
        ).toBe('45'),
      // The dialog polls once a second; a loaded machine stretches that.
      { timeout: 5000 },
    );
    expect(
      await within(dialog).findByText('Your report is ready.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    const link = within(dialog).getByRole('link', { name: 'Download PDF' });
    expect(link.getAttribute('href')).toBe(`/api/reports/${REPORT.id}/download`);
    expect(within(dialog).getByText(`SHA-256 ${'ab'.repeat(32)}`)).toBeTruthy();
    const post = server.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      type: 'summary',
      format: 'pdf',
      from: '2026-11-01',
      to: '2026-11-30',
      scope: { kind: 'organization' },
    });
  });

  it('links the proof archive of the chosen period and scope, and refuses a scope left unnamed', async () => {
    vi.stubGlobal('fetch', fakeServer());
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ReportDialog trigger={<Button>Export</Button>} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export a report' });
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '2026-10-01' } });
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '2026-10-31' } });
    const link = within(dialog).getByRole('link', { name: 'Proof archive (.zip)' });
    expect(link.getAttribute('href')).toBe(
      '/api/reports/proof-archive?from=2026-10-01&to=2026-10-31&scope=organization',
    );
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '2026-09-30' } });
    fireEvent.click(link);
    expect(await within(dialog).findByText('The period ends before it starts')).toBeTruthy();
  });

  it('opens on the scope of the screen behind it: an instructor’s file names that instructor', async () => {
    vi.stubGlobal('fetch', fakeServer());
    function InstructorScreen({ name }: { name: string }) {
      useExportScope({ kind: 'instructor', value: name });
      return <ReportDialog trigger={<Button>Export</Button>} />;
    }
    const view = render(
      <QueryClientProvider client={createQueryClient()}>
        <InstructorScreen name="Morgan Lee" />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export a report' });
    expect(within(dialog).getByRole('combobox', { name: 'Scope' }).textContent).toBe(
      'An instructor',
    );
    expect((within(dialog).getByLabelText('Instructor name') as HTMLInputElement).value).toBe(
      'Morgan Lee',
    );
    expect(
      within(dialog).getByRole('link', { name: 'Proof archive (.zip)' }).getAttribute('href'),
    ).toContain('scope=instructor&value=Morgan+Lee');
    // Once the screen is gone, Export covers the whole organization again.
    view.unmount();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ReportDialog trigger={<Button>Export</Button>} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    const again = await screen.findByRole('dialog', { name: 'Export a report' });
    expect(within(again).getByRole('combobox', { name: 'Scope' }).textContent).toBe(
      'Whole organization',
    );
  });
});
