import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LinkAlert, LinkList, LinkStatus } from '@shared/api/links';
import type { Role } from '@shared/constants/roles';
import LinkMonitor from '../../pages/app/LinkMonitor';
import { fakeApi } from '../../test/fake-api';
import { signedInAs } from '../../test/fixtures';
import { renderScreen } from '../../test/render';
import { truncateUrl } from './links';

const LONG_URL =
  'https://www.ecfr.gov/current/title-14/chapter-I/subchapter-H/part-142/subpart-C/section-142.53';

const link: LinkStatus = {
  id: '5b0c1f3e-8f5e-4d7a-9a51-000000000001',
  name: 'Part 142 section 142.53',
  url: LONG_URL,
  expectedKeyword: null,
  ignorePattern: null,
  intervalMinutes: 1440,
  status: 'changed',
  lastChecked: new Date().toISOString(),
  responseCode: 200,
  newUrl: null,
  errorMessage: null,
  responseMs: 412,
  certificateExpiresAt: '2027-03-01T00:00:00.000Z',
  openAlerts: 1,
};

const alert: LinkAlert = {
  id: '5b0c1f3e-8f5e-4d7a-9a51-0000000000a1',
  linkId: link.id,
  linkName: link.name,
  url: link.url,
  alertType: 'content_changed',
  severity: 'medium',
  message: 'The text of Part 142 section 142.53 changed since the last check',
  detectedAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
  resolved: false,
  resolvedAt: null,
  resolvedBy: null,
  suggestedAction: 'Read the change.',
  newUrl: null,
  diff: '  recurrent training every\n- 12\n+ 24\n  months',
};

const list: LinkList = {
  links: [link],
  totals: { total: 1, active: 0, issues: 1, redirects: 0 },
  latestRun: null,
};

function server(role: Role, alerts: LinkAlert[] = [alert]) {
  let open = alerts;
  return fakeApi({
    ...signedInAs(role),
    'GET /api/links': list,
    'GET /api/links/alerts': () => ({ alerts: open }),
    'GET /api/links/:id/history': {
      checks: [
        {
          id: '5b0c1f3e-8f5e-4d7a-9a51-0000000000c1',
          checkedAt: new Date().toISOString(),
          status: 'redirected',
          responseCode: 200,
          redirects: [
            { url: 'https://old.example/page', status: 301 },
            { url: 'https://new.example/page', status: 200 },
          ],
          responseMs: 412,
          certificateExpiresAt: null,
          errorMessage: null,
        },
      ],
    },
    'POST /api/links/alerts/:id/resolve': () => {
      open = [];
      return { ...alert, resolved: true, resolvedAt: new Date().toISOString(), resolvedBy: 'a@b' };
    },
  });
}

describe('Link Monitor screen', () => {
  it('shows the totals from the API, the alert with its diff, and the URL cut at 60 characters', async () => {
    const api = server('admin');
    renderScreen(<LinkMonitor />, { route: '/link-monitor' });
    const table = await screen.findByRole('table');
    const anchor = within(table).getByText(truncateUrl(LONG_URL));
    expect(anchor.textContent).toHaveLength(60);
    expect(anchor.getAttribute('title')).toBe(LONG_URL);
    expect(within(table).getByText('Changed')).toBeTruthy();

    const alerts = await screen.findByRole('list', { name: 'Active alerts' });
    expect(within(alerts).getByText('Content changed')).toBeTruthy();
    expect(alerts.querySelector('del')?.textContent).toBe('removed: 12');
    expect(alerts.querySelector('ins')?.textContent).toBe('added: 24');
    expect(screen.getByText('Issues').parentElement?.textContent).toContain('1');

    fireEvent.click(within(alerts).getByRole('button', { name: 'Mark Resolved' }));
    await screen.findByText('No active alerts - all regulatory links are functioning properly');
    expect(api.callsTo('POST /api/links/alerts/:id/resolve')[0]?.params.id).toBe(alert.id);
    expect(api.unexpected).toEqual([]);
  });

  it("opens a link's history with its redirect chain", async () => {
    server('auditor');
    renderScreen(<LinkMonitor />, { route: '/link-monitor' });
    fireEvent.click(await screen.findByRole('button', { name: `History of ${link.name}` }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('301 https://old.example/page')).toBeTruthy();
    expect(within(dialog).getByText('200 https://new.example/page')).toBeTruthy();
    expect(within(dialog).getByText('412 ms')).toBeTruthy();
  });

  it('offers no editing or resolving to an auditor', async () => {
    server('auditor');
    renderScreen(<LinkMonitor />, { route: '/link-monitor' });
    await screen.findByRole('table');
    await screen.findByRole('list', { name: 'Active alerts' });
    expect(screen.queryByRole('button', { name: 'Mark Resolved' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Link' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refresh Status' })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull());
  });
});
