import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { useState } from 'react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { DEFAULT_PREFERENCES } from '@shared/api/preferences';
import { notificationList } from '@shared/api/activity';
import { can, ROLES, type Role } from '@shared/constants/roles';
import { fakeApi } from '../../test/fake-api';
import { signedInAs, userOf } from '../../test/fixtures';
import { onDesktop, renderScreen } from '../../test/render';
import { AppShell } from './AppShell';

const EVERY_ENTRY = [
  'Dashboard',
  'FAR Compliance',
  'Audit Assistant',
  'Document Generation',
  'Fleet Insight',
  'Part 142 Checklist',
  'Regulatory Monitor',
  'Regulatory Alerts',
  'Link Monitor',
  'Document Import',
  'Compliance Records',
  'Instructors',
  'Admin Dashboard',
  'Mobile Field',
  'Support',
  'Settings',
];

/** What each role is offered in the shell (DESIGN §4). */
const OFFERED: Record<Role, { adminDashboard: boolean; newImport: boolean; export: boolean }> = {
  admin: { adminDashboard: true, newImport: true, export: true },
  instructor: { adminDashboard: false, newImport: true, export: true },
  auditor: { adminDashboard: false, newImport: false, export: true },
  viewer: { adminDashboard: false, newImport: false, export: false },
};

const notifications = notificationList.parse([
  {
    id: 'n1',
    kind: 'alert',
    title: 'Avery Quinn’s recurrent check is overdue',
    body: 'Dated 01/10/2025 and still pending.',
    link: '/compliance-records/evt-1',
    readAt: null,
    createdAt: '2025-03-02T08:00:00.000Z',
  },
  {
    id: 'n2',
    kind: 'validation',
    title: 'roster.csv was read',
    body: '3 fields wait for validation.',
    link: '/documents/d1',
    readAt: null,
    createdAt: '2025-03-01T08:00:00.000Z',
  },
  {
    id: 'n3',
    kind: 'system',
    title: 'Checklist catalogue updated',
    body: '',
    link: null,
    readAt: '2025-02-20T08:00:00.000Z',
    createdAt: '2025-02-20T07:00:00.000Z',
  },
]);

function openShell(route: string, role: Role = 'admin', device: 'desktop' | 'phone' = 'desktop') {
  if (device === 'desktop') onDesktop();
  const api = fakeApi({ ...signedInAs(role), 'GET /api/notifications': notifications });
  const view = renderScreen(
    <Routes>
      <Route element={<AppShell />}>
        <Route path="*" element={<p>Screen content</p>} />
      </Route>
    </Routes>,
    { route },
  );
  return { api, ...view };
}

const sidebar = () => screen.getByRole('navigation', { name: 'Main navigation' });
const entryNames = () =>
  within(sidebar())
    .getAllByRole('link')
    .map((link) => link.textContent);
const activeEntries = () =>
  within(sidebar())
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);
const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

describe.each(ROLES)('the shell for a signed-in %s', (role) => {
  it('offers the entries and actions the role may use', async () => {
    openShell('/', role);
    await screen.findByRole('button', { name: 'Sign out' });
    const expected = [
      // Auditors land on their portal, drawn above the spec's entries.
      ...(role === 'auditor' ? ['Auditor Portal'] : []),
      ...EVERY_ENTRY.filter((label) => label !== 'Admin Dashboard' || OFFERED[role].adminDashboard),
    ];
    // Tags ('AA', 'New') are part of an entry's text; the label starts it.
    expect(entryNames().map((name) => expected.find((label) => name?.startsWith(label)))).toEqual(
      expected,
    );
    expect(!!screen.queryByRole('link', { name: /New Import/ })).toBe(OFFERED[role].newImport);
    expect(!!screen.queryByRole('button', { name: /Export/ })).toBe(OFFERED[role].export);
    // The table above is the role matrix of roles.ts as the screens show it.
    expect(can(role, 'manageOrganization')).toBe(OFFERED[role].adminDashboard);
    expect(can(role, 'manageDocuments')).toBe(OFFERED[role].newImport);
    expect(can(role, 'exportReports')).toBe(OFFERED[role].export);
  });
});

describe('the shell for an external auditor limited to one course', () => {
  it('offers the portal, the records and their own account, and no export', async () => {
    onDesktop();
    fakeApi({
      ...signedInAs('auditor', {
        externalAccess: {
          id: 'a1',
          scope: { kind: 'course', value: 'B737 Type Rating' },
          expiresAt: '2026-12-31T23:59:59.000Z',
        },
      }),
      'GET /api/notifications': [],
    });
    renderScreen(
      <Routes>
        <Route element={<AppShell />}>
          <Route path="*" element={<p>Screen content</p>} />
        </Route>
      </Routes>,
      { route: '/auditor-portal' },
    );
    await screen.findByRole('button', { name: 'Sign out' });
    expect(entryNames()).toEqual(['Auditor Portal', 'Compliance Records', 'Support', 'Settings']);
    expect(screen.queryByRole('button', { name: /Export/ })).toBeNull();
    expect(heading()).toBe('Auditor Portal');
  });
});

describe('the sidebar', () => {
  it('says who is signed in and in which organization', async () => {
    openShell('/', 'auditor');
    const signOut = await screen.findByRole('button', { name: 'Sign out' });
    const footer = signOut.parentElement!;
    expect(within(footer).getByText('Sam Reyes')).toBeTruthy();
    expect(within(footer).getByText('Auditor · Northwind Training Center')).toBeTruthy();
  });

  it('marks the entry of the current screen, and only that one', async () => {
    const { location } = openShell('/compliance-records/evt-1');
    await screen.findByRole('button', { name: 'Sign out' });
    expect(activeEntries()).toEqual(['Compliance Records']);
    expect(heading()).toBe('Compliance Records');
    expect(screen.getByText('A training event, its versions and its ledger proof')).toBeTruthy();

    fireEvent.click(within(sidebar()).getByRole('link', { name: /^Part 142 Checklist/ }));
    expect(location().pathname).toBe('/compliance-checklist');
    expect(activeEntries()).toEqual(['Part 142 ChecklistNew']);
    expect(heading()).toBe('Part 142 Compliance Checklist');

    fireEvent.click(within(sidebar()).getByRole('link', { name: 'Dashboard' }));
    expect(location().pathname).toBe('/');
    // Dashboard is '/', which every path starts with: it is active at '/' alone.
    expect(activeEntries()).toEqual(['Dashboard']);
    expect(heading()).toBe('Compliance Dashboard');
  });

  it('heads screens reached from elsewhere, and unknown paths, sensibly', async () => {
    const { unmount } = openShell('/documents/7157ef0b');
    await screen.findByRole('button', { name: 'Sign out' });
    expect(heading()).toBe('Document');
    expect(activeEntries()).toEqual([]);
    unmount();

    openShell('/no-such-screen');
    await screen.findByRole('button', { name: 'Sign out' });
    expect(heading()).toBe('Centerline');
  });
});

describe('the notification bell', () => {
  it('counts the unread notifications and lists them with their links', async () => {
    openShell('/');
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(screen.getByTestId('notification-count').textContent).toBe('2');
    fireEvent.keyDown(bell, { key: 'Enter' });
    const menu = await screen.findByRole('menu');
    const [markAll, ...items] = within(menu).getAllByRole('menuitem');
    expect(markAll!.textContent?.trim()).toBe('Mark all read');
    expect(items.map((item) => item.firstElementChild?.textContent)).toEqual([
      'Avery Quinn’s recurrent check is overdue (unread)',
      'roster.csv was read (unread)',
      'Checklist catalogue updated',
    ]);
    expect(items[0]!.textContent).toContain('Dated 01/10/2025 and still pending.');
    expect(items.slice(0, 2).map((item) => item.getAttribute('href'))).toEqual([
      '/compliance-records/evt-1',
      '/documents/d1',
    ]);
  });
});

describe('the mobile shell', () => {
  it('swaps the sidebar for the bottom bar, whose active entry follows the route', async () => {
    const { location } = openShell('/compliance-records', 'admin', 'phone');
    const bottom = await screen.findByRole('navigation', { name: 'Mobile navigation' });
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    const links = within(bottom).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Dashboard',
      'Field Ops',
      'Upload',
      'Records',
    ]);
    expect(links.filter((l) => l.getAttribute('aria-current') === 'page')).toEqual([links[3]]);

    fireEvent.click(within(bottom).getByRole('link', { name: 'Upload' }));
    expect(location().pathname).toBe('/document-import');
    expect(heading()).toBe('Document Import');
    await waitFor(() =>
      expect(
        within(bottom).getByRole('link', { name: 'Upload' }).getAttribute('aria-current'),
      ).toBe('page'),
    );

    fireEvent.keyDown(within(bottom).getByRole('button', { name: 'More' }), { key: 'Enter' });
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent?.trim()),
    ).toEqual(['Dashboard', 'Field Ops', 'Upload', 'Records', 'Analytics', 'Sign Out']);
  });
});

describe('the first sign-in on a browser', () => {
  /** A screen with state of its own, as an upload queue or a half-filled form has. */
  function Typing() {
    const [text, setText] = useState('');
    return <input aria-label="Notes" value={text} onChange={(e) => setText(e.target.value)} />;
  }

  it('saves the browser’s timezone without drawing the screen again', async () => {
    onDesktop();
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat('en-US', { timeZone: 'UTC' }).resolvedOptions(),
      timeZone: 'America/Chicago',
    });
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    const user = userOf('admin', {
      preferences: { ...DEFAULT_PREFERENCES, timezone: 'UTC', timezoneChosen: false },
    });
    let answer: (() => void) | undefined;
    const api = fakeApi({
      'GET /api/auth/user': user,
      'GET /api/notifications': [],
      // Held until the screen has state, as a slow answer would be.
      'PUT /api/settings/preferences': ({ body }) =>
        new Promise((resolve) => {
          answer = () => resolve({ ...(body as object), timezoneChosen: true });
        }),
    });
    renderScreen(
      <Routes>
        <Route element={<AppShell />}>
          <Route path="*" element={<Typing />} />
        </Route>
      </Routes>,
    );
    await screen.findByRole('button', { name: 'Sign out' });
    const notes = screen.getByRole('textbox', { name: 'Notes' });
    fireEvent.change(notes, { target: { value: 'chosen file' } });
    await waitFor(() => expect(answer).toBeDefined());
    expect(api.callsTo('PUT /api/settings/preferences')[0]!.body).toMatchObject({
      timezone: 'America/Chicago',
    });
    answer!();
    await waitFor(() => expect(api.callsTo('PUT /api/settings/preferences')).toHaveLength(1));
    // The same input, still holding what was typed: nothing was mounted again.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('textbox', { name: 'Notes' })).toBe(notes);
    expect(notes).toHaveProperty('value', 'chosen file');
  });
});
