import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alertsResponse, type AlertCounts, type RegulatoryAlert } from '@shared/api/regulatory';
import RegulatoryAlerts from '../../pages/app/RegulatoryAlerts';
import { fakeApi, type ApiCall } from '../../test/fake-api';
import { signedInAs } from '../../test/fixtures';
import { onDesktop, renderScreen } from '../../test/render';
import { ALERT_ID, alertOf, CHANGE_ID } from './test-data';
import { ALERT_COUNT_KEY } from './use-regulatory';

const DEADLINE = alertOf({
  id: '8e2a9b4c-5d6f-4a71-8c2d-3e4f5a6b7c8d',
  type: 'compliance-deadline',
  severity: 'critical',
  title: 'Training record reaches the end of its retention period',
  description: 'Kept under 14 CFR 142.73(c) until 04/01/2025.',
  source: 'record-retention',
  regulation: '14 CFR 142.73(c)(1)',
  checklistItems: [],
  recordIds: ['evt-42'],
  changeId: null,
  dueDate: '2025-04-01',
});

/** The alerts server: acknowledging saves who and when, and every count follows. */
function alertsServer(initial: RegulatoryAlert[]) {
  const alerts = new Map(initial.map((a) => [a.id, a]));
  const counts = (): AlertCounts => {
    const all = [...alerts.values()];
    const open = all.filter((a) => !a.acknowledged);
    return {
      unacknowledged: open.length,
      checklistUpdates: open.filter((a) => a.type === 'checklist-update').length,
      complianceDeadlines: open.filter((a) => a.type === 'compliance-deadline').length,
      total: all.length,
      acknowledged: all.length - open.length,
    };
  };
  const list = ({ query }: ApiCall) =>
    alertsResponse.parse({
      alerts: [...alerts.values()].filter(
        (a) =>
          (query.status === 'unacknowledged'
            ? !a.acknowledged
            : query.status === 'history'
              ? a.acknowledged
              : true) &&
          (!query.type || a.type === query.type),
      ),
      counts: counts(),
    });
  const acknowledge = ({ params }: ApiCall) => {
    const alert = {
      ...alerts.get(params.id!)!,
      acknowledged: true,
      acknowledgedAt: '2025-03-02T10:15:00.000Z',
      acknowledgedBy: { id: 'u1', name: 'Avery Admin' },
    };
    alerts.set(alert.id, alert);
    return { alert };
  };
  return fakeApi({
    ...signedInAs('admin'),
    'GET /api/regulatory/alerts': list,
    'GET /api/regulatory/alerts/count': () => ({ unacknowledged: counts().unacknowledged }),
    'POST /api/regulatory/alerts/:id/acknowledge': acknowledge,
  });
}

function openAlerts(alerts: RegulatoryAlert[], route = '/regulatory-alerts') {
  onDesktop();
  const api = alertsServer(alerts);
  return { api, ...renderScreen(<RegulatoryAlerts />, { route }) };
}

const card = (label: string) => screen.getByText(label, { selector: 'p' }).parentElement!;
const tab = (name: RegExp) => screen.getByRole('tab', { name });

describe('Regulatory Alerts', () => {
  it('counts the cards and tabs from the server and marks unacknowledged alerts', async () => {
    openAlerts([alertOf(), DEADLINE]);
    const update = await screen.findByRole('article', { name: /re-review checklist item 5-07/ });
    expect(card('Unacknowledged').textContent).toContain('2');
    expect(card('Checklist Updates').textContent).toContain('1');
    expect(card('Compliance Deadlines').textContent).toContain('1');
    expect(tab(/^All/).textContent).toBe('All2');
    expect(tab(/^History/).textContent).toBe('History0');

    expect(update.className).toContain('border-l-red-600');
    expect(within(update).getByText('Due: 03/16/2025')).toBeTruthy();
    expect(
      within(update).getByRole('link', { name: 'Checklist item 5-07' }).getAttribute('href'),
    ).toBe('/compliance-checklist?area=area5&item=5-07');
    expect(
      within(update).getByRole('link', { name: 'The regulatory change' }).getAttribute('href'),
    ).toBe(`/regulatory-compliance?tab=changes&change=${CHANGE_ID}`);

    const deadline = screen.getByRole('article', { name: /retention period/ });
    expect(
      within(deadline).getByRole('link', { name: 'Training record' }).getAttribute('href'),
    ).toBe('/compliance-records/evt-42');
  });

  it('acknowledges an alert, saves it, and shows who and when', async () => {
    const { api, queryClient } = openAlerts([alertOf(), DEADLINE]);
    const update = await screen.findByRole('article', { name: /re-review checklist item 5-07/ });
    // What the sidebar badge holds.
    queryClient.setQueryData(ALERT_COUNT_KEY, { unacknowledged: 2 });
    fireEvent.click(within(update).getByRole('button', { name: /^Acknowledge/ }));

    await waitFor(() => expect(card('Unacknowledged').textContent).toContain('1'));
    expect(api.callsTo('POST /api/regulatory/alerts/:id/acknowledge')[0]!.params.id).toBe(ALERT_ID);
    const saved = screen.getByRole('article', { name: /re-review checklist item 5-07/ });
    expect(saved.textContent).toContain('Acknowledged by Avery Admin on 03/02/2025');
    expect(saved.className).not.toContain('border-l-red-600');
    expect(within(saved).queryByRole('button', { name: /^Acknowledge/ })).toBeNull();
    expect(card('Checklist Updates').textContent).toContain('0');
    // The badge is told to count again.
    expect(queryClient.getQueryState(ALERT_COUNT_KEY)?.isInvalidated).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: /View History/ }));
    await waitFor(() =>
      expect(api.callsTo('GET /api/regulatory/alerts').at(-1)!.query).toEqual({
        status: 'history',
      }),
    );
    expect(await screen.findByRole('article', { name: /5-07/ })).toBeTruthy();
    expect(screen.queryByRole('article', { name: /retention period/ })).toBeNull();
  });

  it('asks for checklist updates by type, and shows every field in View Details', async () => {
    const { api } = openAlerts([alertOf()], '/regulatory-alerts?tab=checklist-updates');
    const update = await screen.findByRole('article', { name: /5-07/ });
    expect(api.callsTo('GET /api/regulatory/alerts')[0]!.query).toEqual({
      status: 'all',
      type: 'checklist-update',
    });
    fireEvent.click(within(update).getByRole('button', { name: /View Details/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('14 CFR 142.53(a)(2)');
    expect(dialog.textContent).toContain('A change to the regulation text');
    expect(dialog.textContent).toContain('Re-review checklist item 5-07 against the amended');
    expect(dialog.textContent).toContain('Not yet');
    expect(within(dialog).getByRole('link', { name: 'Checklist item 5-07' })).toBeTruthy();
  });

  it('says No alerts found when there are none', async () => {
    openAlerts([]);
    expect(await screen.findByText('No alerts found')).toBeTruthy();
    expect(card('Unacknowledged').textContent).toContain('0');
  });

  it('tells a viewer why there is nothing to read, without asking the server', async () => {
    onDesktop();
    const api = fakeApi({ ...signedInAs('viewer') });
    renderScreen(<RegulatoryAlerts />, { route: '/regulatory-alerts' });
    expect(await screen.findByText(/which your role does not\s+read/)).toBeTruthy();
    expect(api.callsTo('GET /api/regulatory/alerts')).toHaveLength(0);
  });
});
