import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PREFERENCES } from '@shared/api/preferences';
import type { AuditRunInfo, RequirementAnalysis } from '@shared/api/audit';
import { Toaster } from '../../components/ui/toast';
import { createQueryClient } from '../../lib/api';
import AiAuditCompliance from '../../pages/app/AiAuditCompliance';

const RUN_ID = '0b5d4c1e-3f7a-4b8e-9c2d-1a2b3c4d5e6f';

const analysis = (
  id: string,
  status: RequirementAnalysis['complianceStatus'],
): RequirementAnalysis => ({
  checklistItemId: id,
  areaId: 'area7',
  reference: '142.59(c)(4)',
  requirement: `Requirement ${id}`,
  complianceStatus: status,
  riskLevel: status === 'COMPLIANT' ? 'LOW' : 'HIGH',
  confidenceScore: 0.85,
  preliminaryResponse: `Analysis of ${id}, quoting (Log.pdf, page 1).`,
  recommendations: ['Review the log weekly.'],
  requiredActions: status === 'COMPLIANT' ? [] : ['Record each discrepancy.'],
  additionalDocumentsNeeded: [],
  estimatedTimeToCompliance: status === 'COMPLIANT' ? 'None: already compliant' : '1-2 weeks',
  evidence: [],
  ruleId: 'fstd-discrepancies',
  draftedBy: 'built-in',
});

const summary = {
  compliant: 1,
  partial: 1,
  nonCompliant: 0,
  insufficientData: 2,
  criticalIssues: 0,
  highRiskIssues: 3,
};

function run(status: AuditRunInfo['status'], phase: string, percent: number): AuditRunInfo {
  const done = status === 'completed';
  return {
    id: RUN_ID,
    status,
    phase,
    percent,
    reasoner: done ? 'built-in' : null,
    startedBy: 'Avery Admin',
    createdAt: '2026-03-01T10:00:00.000Z',
    finishedAt: done ? '2026-03-01T10:00:02.000Z' : null,
    checklistItems: done ? 4 : null,
    documentCount: done ? 1 : null,
    summary: done ? summary : null,
    overallCompliance: done ? 50 : null,
    errorMessage: null,
  };
}

const result = {
  runId: RUN_ID,
  checklistItems: 4,
  documentCount: 1,
  summary,
  analyses: [
    analysis('7-07', 'COMPLIANT'),
    analysis('7-08', 'PARTIAL'),
    analysis('7-09', 'INSUFFICIENT_DATA'),
    analysis('7-10', 'INSUFFICIENT_DATA'),
  ],
  complianceReport: 'PART 142 COMPLIANCE ANALYSIS REPORT',
  reasoner: 'built-in',
  catalogueVersion: 1,
  completedAt: '2026-03-01T10:00:02.000Z',
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server as the screen sees it: the POST answers when `finish` is called. */
function fakeServer(outcome: 'success' | 'failure') {
  let state: 'idle' | 'running' | 'done' = 'idle';
  let finish!: () => void;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/auth/user') {
      return json({
        id: 'u1',
        email: 'admin@example.test',
        firstName: 'Avery',
        lastName: 'Admin',
        role: 'admin',
        organizationId: 'o1',
        organizationName: 'Northwind',
        organizationPlan: 'enterprise',
        autoLogoutMinutes: 30,
        reviewThreshold: 0.85,
        operator: false,
        manageInstallation: true,
        preferences: { ...DEFAULT_PREFERENCES, timezoneChosen: true },
        twoFactor: { enabled: false, required: false },
      });
    }
    if (url === '/api/audit/document-summary') {
      return json({
        totalDocuments: 1,
        documentTypes: [{ type: 'fstd-record', label: 'Simulator / FSTD record', count: 1 }],
        documents: [
          {
            id: 'd1',
            originalName: 'Log.pdf',
            status: 'processed',
            pageCount: 1,
            documentType: 'fstd-record',
            classifiedBy: 'Simulator / FSTD record: “discrepancy log”',
            extractedFields: [
              {
                fieldName: 'trainingDate',
                value: '2026-02-01',
                confidence: 0.9,
                page: 1,
                validated: false,
              },
            ],
          },
        ],
      });
    }
    if (url === '/api/audit/runs') {
      if (state === 'idle') return json({ runs: [] });
      return json({
        runs: [
          state === 'running'
            ? run('running', 'Retrieving evidence', 20)
            : run('completed', 'Complete', 100),
        ],
      });
    }
    if (url === `/api/audit/runs/${RUN_ID}`)
      return json({ ...run('completed', 'Complete', 100), result });
    if (url === '/api/audit/analyze-compliance' && init?.method === 'POST') {
      state = 'running';
      await new Promise<void>((resolve) => (finish = resolve));
      state = 'done';
      if (outcome === 'failure') {
        return json(
          { message: 'The compliance analysis could not be completed.', code: 'internal_error' },
          500,
        );
      }
      return json({ ...result, joinedRunningAnalysis: false });
    }
    return json({ message: 'Not found', code: 'not_found' }, 404);
  });
  return { fetchMock, finish: () => finish() };
}

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/ai-audit-compliance']}>
        <AiAuditCompliance />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AI Audit Compliance Assistant screen', () => {
  it('shows the document summary, the running state with progress, then the results and the toast', async () => {
    const server = fakeServer('success');
    vi.stubGlobal('fetch', server.fetchMock);
    renderPage();

    expect(await screen.findByText('Simulator / FSTD record: 1')).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: /Analyze Compliance/ }));
    const busy = await screen.findByRole('button', { name: /Analyzing\.\.\./ });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(server.fetchMock).toHaveBeenCalledWith(
      '/api/audit/analyze-compliance',
      expect.objectContaining({ method: 'POST', headers: { 'Content-Type': 'application/json' } }),
    );
    expect(await screen.findByText('Retrieving evidence', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('20%')).toBeTruthy();

    server.finish();
    expect(await screen.findByText('Compliance Analysis Complete')).toBeTruthy();
    expect(screen.getByText('Analyzed 4 requirements across 1 documents')).toBeTruthy();
    // (compliant 1 + partial 1) ÷ 4 = 50%
    expect(await screen.findByText('50%')).toBeTruthy();
    const requirements = screen.getByRole('list', { name: 'Requirements' });
    expect(within(requirements).getAllByRole('button')).toHaveLength(4);
    fireEvent.click(within(requirements).getByRole('button', { name: /^7-08/ }));
    const detail = screen.getByRole('article');
    expect(within(detail).getByText('Partial')).toBeTruthy();
    expect(within(detail).getByText('85% confidence')).toBeTruthy();
    expect(within(detail).getByText('Record each discrepancy.')).toBeTruthy();
    expect(within(detail).getByText('1-2 weeks')).toBeTruthy();
  });

  it('says "Analysis Failed" with the server’s message when the analysis fails', async () => {
    const server = fakeServer('failure');
    vi.stubGlobal('fetch', server.fetchMock);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /Analyze Compliance/ }));
    await screen.findByRole('button', { name: /Analyzing\.\.\./ });
    server.finish();
    expect(await screen.findByText('Analysis Failed')).toBeTruthy();
    expect(screen.getByText('The compliance analysis could not be completed.')).toBeTruthy();
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: /Analyze Compliance/ }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
  });
});
