import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ComplianceReport } from '@shared/api/regulatory';
import RegulatoryCompliance from '../../pages/app/RegulatoryCompliance';
import { fakeApi } from '../../test/fake-api';
import { signedInAs } from '../../test/fixtures';
import { onDesktop, renderScreen } from '../../test/render';
import {
  actionOf,
  CHANGE_ID,
  changeDetailOf,
  NEVER_FETCHED,
  pendingChangeOf,
  regulationOf,
  reportOf,
  runOf,
} from './test-data';

function openMonitor(report: ComplianceReport, route = '/regulatory-compliance', extra = {}) {
  onDesktop();
  const api = fakeApi({
    ...signedInAs('admin'),
    'GET /api/regulatory/compliance-report': report,
    'GET /api/regulatory/runs/latest': { run: null },
    'GET /api/regulatory/changes': { changes: [] },
    ...extra,
  });
  const view = renderScreen(<RegulatoryCompliance />, { route });
  return { api, ...view };
}

const banner = () => screen.findByRole('region', { name: 'Overall compliance status' });
const card = (label: string) => screen.getByText(label, { selector: 'p' }).parentElement!;

describe('Regulatory Compliance Monitor: status banner', () => {
  it('says unknown, with the reason and that the source was never reached, before any fetch', async () => {
    openMonitor(NEVER_FETCHED);
    const status = await banner();
    expect(within(status).getByRole('status').textContent).toBe('Compliance status unknown');
    expect(status.textContent).toContain('has not been fetched yet');
    expect(status.textContent).toContain('The source has not been reached yet.');
    expect(status.textContent).not.toMatch(/\bcompliant\b/i);
    // Nothing is counted as compliant: the percentage is "no data", not 0 % or 100 %.
    expect(card('Compliance').textContent).toContain('No data');
    expect(screen.getByText('Unknown')).toBeTruthy();
    expect(screen.getByText('No version of the text is stored yet.')).toBeTruthy();
  });

  it('says when the source was last reached when it cannot be reached now', async () => {
    openMonitor(
      reportOf({
        overallStatus: 'unknown',
        lastReached: '2025-02-27T06:00:00.000Z',
        sourceStatus: {
          state: 'unreachable',
          message: 'The eCFR did not answer: connect ECONNREFUSED.',
          lastAttemptAt: '2025-03-01T06:00:00.000Z',
          lastReachedAt: '2025-02-27T06:00:00.000Z',
        },
        regulations: [regulationOf({ complianceLevel: 'unknown', levelReason: 'Source down.' })],
      }),
    );
    const status = await banner();
    expect(status.textContent).toContain('connect ECONNREFUSED');
    expect(status.textContent).toContain('last reached 02/27/2025');
  });

  it.each([
    ['compliant', 'All tracked regulations are compliant'],
    ['warning', 'Changes are pending review'],
    ['non-compliant', 'Non-compliant: immediate attention is required'],
  ] as const)('shows %s', async (level, text) => {
    openMonitor(
      reportOf({
        overallStatus: level,
        regulations: [regulationOf({ complianceLevel: level })],
        recommendations: level === 'compliant' ? [] : ['Re-review the items touched by 142.53.'],
      }),
    );
    const status = await banner();
    expect(within(status).getByRole('status').textContent).toBe(text);
    if (level !== 'compliant') {
      expect(status.textContent).toContain('Re-review the items touched by 142.53.');
    }
  });
});

describe('Regulatory Compliance Monitor: figures counted from the report', () => {
  it('counts regulations, compliance, pending changes and actions, and shows the first 3 of each', async () => {
    const busy = regulationOf({
      id: 'a',
      complianceLevel: 'non-compliant',
      levelReason: 'Item 5-07 was answered before 142.53 changed and not re-reviewed since.',
      pendingChanges: [1, 2, 3, 4].map(pendingChangeOf),
      requiredActions: [1, 2, 3, 4, 5].map(actionOf),
      actionDeadline: '2025-03-16',
    });
    const quiet = regulationOf({ id: 'b', regulation: 'Another rule' });
    openMonitor(reportOf({ overallStatus: 'non-compliant', regulations: [busy, quiet] }));
    await banner();
    expect(card('Regulations Monitored').textContent).toContain('2');
    expect(card('Compliance').textContent).toContain('50%');
    expect(card('Compliance').textContent).toContain('1 of 2 compliant');
    expect(card('Pending Changes').textContent).toContain('4');
    expect(card('Required Actions').textContent).toContain('5');
    expect(screen.getByText(/2 regulations · 4 pending changes · 5 required actions/)).toBeTruthy();

    const region = screen.getByRole('region', { name: '14 CFR Part 142' });
    expect(within(region).getByText(/not re-reviewed since/)).toBeTruthy();
    const changes = within(region).getByRole('region', { name: /Pending changes of/ });
    expect(within(changes).getAllByRole('listitem')).toHaveLength(3);
    expect(within(changes).getByText('and 1 more')).toBeTruthy();
    const actions = within(region).getByRole('region', { name: /Required actions of/ });
    expect(within(actions).getAllByRole('listitem')).toHaveLength(3);
    expect(within(actions).getByText('and 2 more')).toBeTruthy();
    const link = within(actions).getByRole('link', { name: /item 5-01/ });
    // The server links the item; the area comes with it so the checklist opens there.
    expect(link.getAttribute('href')).toBe('/compliance-checklist?area=area5&item=5-01');
  });

  it('shows 0 % with no regulations, and the spec’s empty state for actions', async () => {
    openMonitor(reportOf({ regulations: [], countries: [] }), '/regulatory-compliance?tab=actions');
    await banner();
    expect(card('Compliance').textContent).toContain('0%');
    expect(
      screen.getByText('No immediate actions required. All regulations are up to date.'),
    ).toBeTruthy();
  });

  it('asks the report for the chosen country', async () => {
    const { api } = openMonitor(
      reportOf({ countries: ['Canada', 'United States'] }),
      '/regulatory-compliance?country=Canada',
    );
    await banner();
    expect(api.callsTo('GET /api/regulatory/compliance-report')[0]!.query).toEqual({
      country: 'Canada',
    });
  });
});

describe('Regulatory Compliance Monitor: Refresh', () => {
  it('starts a fetch, shows its progress, then the failure message', async () => {
    const { api } = openMonitor(NEVER_FETCHED, '/regulatory-compliance', {
      'POST /api/regulatory/refresh': { run: runOf() },
    });
    await banner();
    api.on('GET /api/regulatory/runs/latest', {
      run: runOf({ status: 'running', progress: 40, message: 'Fetching 142.53…' }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Fetching 142.53…')).toBeTruthy();
    expect(screen.getByText('40%')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refreshing…' })).toHaveProperty('disabled', true);

    const reportCalls = api.callsTo('GET /api/regulatory/compliance-report').length;
    api.on('GET /api/regulatory/runs/latest', {
      run: runOf({
        status: 'failed',
        progress: 40,
        message: 'The eCFR answered 503',
        finishedAt: '2025-03-01T06:01:00.000Z',
      }),
    });
    const alert = await screen.findByText(/The eCFR answered 503/, {}, { timeout: 4000 });
    expect(alert.textContent).toContain('The stored text is unchanged.');
    expect(api.callsTo('POST /api/regulatory/refresh')).toHaveLength(1);
    // The run's end reloads the report.
    await waitFor(() =>
      expect(api.callsTo('GET /api/regulatory/compliance-report').length).toBeGreaterThan(
        reportCalls,
      ),
    );
  });
});

describe('Regulatory Compliance Monitor: Recent Changes', () => {
  it('lists changes and opens one as a word diff with its checklist items', async () => {
    const detail = changeDetailOf();
    const { paragraphDiffs: _d, mappedItems: _m, documents: _doc, ...summary } = detail;
    const { api } = openMonitor(reportOf(), '/regulatory-compliance?tab=changes', {
      'GET /api/regulatory/changes': { changes: [summary] },
      'GET /api/regulatory/changes/:id': detail,
    });
    const row = await screen.findByRole('button', { name: /§142\.53/ });
    expect(row.textContent).toContain('Effective 02/14/2025');
    fireEvent.click(row);

    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Changed paragraphs (1)');
    expect(api.callsTo('GET /api/regulatory/changes/:id')[0]!.params.id).toBe(CHANGE_ID);

    const deleted = dialog.querySelector('del')!;
    const inserted = dialog.querySelector('ins')!;
    expect(deleted.textContent).toBe('[deleted: 12]');
    expect(inserted.textContent).toBe('[inserted: 24]');
    expect(deleted.querySelector('.sr-only')).toBeTruthy();
    expect(dialog.textContent).toContain(
      'within the preceding [deleted: 12][inserted: 24] calendar months',
    );

    const item = within(dialog).getByRole('link', { name: 'Checklist item 5-07' });
    expect(item.getAttribute('href')).toBe('/compliance-checklist?area=area5&item=5-07');
    expect(within(dialog).getByText(/cites 142\.53\(a\)\(2\)/)).toBeTruthy();
  });
});

describe('Regulatory Compliance Monitor: regulations watched beyond Part 142', () => {
  const SOURCE_ID = '3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b';
  const watchedEntry = regulationOf({
    id: SOURCE_ID,
    country: 'Canada',
    regulation: 'CARs Standard 421',
    currentVersion: null,
    complianceLevel: 'unknown',
    levelReason: 'Unknown: the page has not been checked yet.',
  });
  const source = {
    id: SOURCE_ID,
    country: 'Canada',
    title: 'CARs Standard 421',
    url: 'https://tc.example/cars/421',
    linkId: null,
    linkStatus: 'pending',
    lastChecked: null,
    createdAt: '2025-03-01T08:00:00.000Z',
  };

  it('lets an admin watch a page and stop watching it; the card says the page is watched', async () => {
    const { api } = openMonitor(
      reportOf({
        regulations: [regulationOf(), watchedEntry],
        countries: ['Canada', 'United States'],
      }),
      '/regulatory-compliance',
      {
        'GET /api/regulatory/sources': { sources: [source] },
        'POST /api/regulatory/sources': source,
        'DELETE /api/regulatory/sources/:id': null,
      },
    );
    const watched = await screen.findByRole('region', { name: 'CARs Standard 421' });
    expect(watched.textContent).toContain('page watched by the Link Monitor');
    fireEvent.click(
      within(watched).getByRole('button', { name: 'Stop watching CARs Standard 421' }),
    );
    await waitFor(() => expect(api.callsTo('DELETE /api/regulatory/sources/:id')).toHaveLength(1));

    const form = screen.getByRole('form', { name: 'Watch another regulation' });
    fireEvent.change(within(form).getByLabelText('Country'), { target: { value: 'Canada' } });
    fireEvent.change(within(form).getByLabelText('Regulation'), {
      target: { value: 'CARs Standard 421' },
    });
    fireEvent.change(within(form).getByLabelText('Page address'), {
      target: { value: 'https://tc.example/cars/421' },
    });
    fireEvent.click(within(form).getByRole('button', { name: /Watch regulation/ }));
    await waitFor(() => expect(api.callsTo('POST /api/regulatory/sources')).toHaveLength(1));
    expect(api.callsTo('POST /api/regulatory/sources')[0]!.body).toEqual({
      country: 'Canada',
      title: 'CARs Standard 421',
      url: 'https://tc.example/cars/421',
    });
  });
});
