import { NAV_ENTRIES, EXTRA_PAGES, type NavEntry } from '../../components/layout/navigation';

/**
 * Data for the /debug-sidebar diagnostics page: the sidebar's entries split into coloured
 * groups, and the route table. Sidebar data is read from navigation.ts so the page shows what
 * the real sidebar shows.
 */
export interface DebugGroup {
  id: string;
  label: string;
  /** Tailwind classes for the group's band: background, left border, label colour. */
  tone: string;
  entries: NavEntry[];
}

const GROUPS: { id: string; label: string; tone: string; paths: string[] }[] = [
  {
    id: 'overview',
    label: 'Overview',
    tone: 'bg-sky-500/15 border-sky-400 text-sky-200',
    paths: ['/'],
  },
  {
    id: 'compliance',
    label: 'Compliance',
    tone: 'bg-emerald-500/15 border-emerald-400 text-emerald-200',
    paths: [
      '/far-compliance',
      '/ai-audit-compliance',
      '/document-generation',
      '/compliance-checklist',
    ],
  },
  {
    id: 'regulatory',
    label: 'Regulatory',
    tone: 'bg-amber-500/15 border-amber-400 text-amber-200',
    paths: ['/regulatory-compliance', '/regulatory-alerts', '/link-monitor'],
  },
  {
    id: 'operations',
    label: 'Records and operations',
    tone: 'bg-violet-500/15 border-violet-400 text-violet-200',
    paths: ['/fleet-insight', '/document-import', '/compliance-records', '/mobile-field'],
  },
  {
    id: 'administration',
    label: 'Administration',
    tone: 'bg-rose-500/15 border-rose-400 text-rose-200',
    paths: ['/admin-dashboard', '/support', '/settings'],
  },
];

export function debugGroups(): DebugGroup[] {
  const grouped = GROUPS.map((group) => ({
    ...group,
    entries: NAV_ENTRIES.filter((entry) => group.paths.includes(entry.path)),
  })).filter((group) => group.entries.length > 0);
  const placed = new Set(grouped.flatMap((group) => group.entries.map((entry) => entry.path)));
  const rest = NAV_ENTRIES.filter((entry) => !placed.has(entry.path));
  // An entry added to navigation.ts later still shows, in its own band.
  if (rest.length > 0)
    grouped.push({
      id: 'other',
      label: 'Other',
      paths: [],
      tone: 'bg-slate-500/20 border-slate-400 text-slate-200',
      entries: rest,
    });
  return grouped;
}

export const SIDEBAR_ENTRY_COUNT = NAV_ENTRIES.length;

export interface RouteRow {
  path: string;
  screen: string;
  access: 'Public' | 'Signed in' | 'Admin';
}

const PUBLIC_ROUTES: RouteRow[] = [
  { path: '/', screen: 'Landing page (dashboard when signed in)', access: 'Public' },
  { path: '/home', screen: 'Test page with a button to the dashboard', access: 'Public' },
  { path: '/pricing', screen: 'Pricing', access: 'Public' },
  { path: '/tutorials', screen: 'Tutorials', access: 'Public' },
  { path: '/getting-started', screen: 'Getting Started', access: 'Public' },
  { path: '/debug-sidebar', screen: 'This diagnostics page', access: 'Public' },
  { path: '/test-checklist', screen: 'Checklist catalogue test', access: 'Public' },
  { path: '/api/login', screen: 'Sign in (browser navigation)', access: 'Public' },
  { path: '/setup', screen: 'First-run organization setup', access: 'Public' },
  { path: '/invite', screen: 'Accept an invitation', access: 'Public' },
];

export function routeTable(): RouteRow[] {
  const app: RouteRow[] = [
    ...NAV_ENTRIES.filter((entry) => entry.path !== '/').map((entry) => ({
      path: entry.path,
      screen: entry.title,
      access: entry.capability ? ('Admin' as const) : ('Signed in' as const),
    })),
    ...Object.entries(EXTRA_PAGES).map(([path, page]) => ({
      path,
      screen: page.title,
      access: path === '/users' ? ('Admin' as const) : ('Signed in' as const),
    })),
    { path: '/api/logout', screen: 'Sign out (browser navigation)', access: 'Signed in' },
  ];
  return [...PUBLIC_ROUTES, ...app];
}
