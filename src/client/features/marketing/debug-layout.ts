import { NAV_ENTRIES, EXTRA_PAGES, type NavEntry } from '../../components/layout/navigation';

/**
 * Data for the /debug-sidebar diagnostics page: the sidebar's entries split into coloured
 * groups, and the route table. Sidebar data is read from navigation.ts so the page shows what
 * the real sidebar shows.
 */
export interface DebugGroup {
  /** Also its name in the catalogue: `debug.groups.<id>`. */
  id: DebugGroupId;
  /** Tailwind classes for the group's band: background, left border, label colour. */
  tone: string;
  entries: NavEntry[];
}

export const DEBUG_GROUP_IDS = [
  'overview',
  'compliance',
  'regulatory',
  'operations',
  'administration',
  'other',
] as const;
export type DebugGroupId = (typeof DEBUG_GROUP_IDS)[number];

const GROUPS: { id: DebugGroupId; tone: string; paths: string[] }[] = [
  {
    id: 'overview',
    tone: 'bg-sky-500/15 border-sky-400 text-sky-200',
    paths: ['/'],
  },
  {
    id: 'compliance',
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
    tone: 'bg-amber-500/15 border-amber-400 text-amber-200',
    paths: ['/regulatory-compliance', '/regulatory-alerts', '/link-monitor'],
  },
  {
    id: 'operations',
    tone: 'bg-violet-500/15 border-violet-400 text-violet-200',
    paths: ['/fleet-insight', '/document-import', '/compliance-records', '/mobile-field'],
  },
  {
    id: 'administration',
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
      paths: [],
      tone: 'bg-slate-500/20 border-slate-400 text-slate-200',
      entries: rest,
    });
  return grouped;
}

export const SIDEBAR_ENTRY_COUNT = NAV_ENTRIES.length;

/** Who may open a route; also its name in the catalogue: `debug.access.<access>`. */
export const ROUTE_ACCESS = ['public', 'signedIn', 'admin'] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];

/**
 * One route. The screens of this file are named by catalogue key (`screenKey`); the
 * application's by the id navigation.ts gives them (`pageId`, its title in `common:pages`).
 */
export type RouteRow = { path: string; access: RouteAccess } & (
  { screenKey: string; pageId?: never } | { pageId: string; screenKey?: never }
);

const PUBLIC_ROUTES: RouteRow[] = [
  { path: '/', screenKey: 'debug.screens.landing', access: 'public' },
  { path: '/home', screenKey: 'debug.screens.home', access: 'public' },
  { path: '/pricing', screenKey: 'debug.screens.pricing', access: 'public' },
  { path: '/tutorials', screenKey: 'debug.screens.tutorials', access: 'public' },
  { path: '/getting-started', screenKey: 'debug.screens.gettingStarted', access: 'public' },
  { path: '/debug-sidebar', screenKey: 'debug.screens.debugSidebar', access: 'public' },
  { path: '/test-checklist', screenKey: 'debug.screens.testChecklist', access: 'public' },
  { path: '/api/login', screenKey: 'debug.screens.signIn', access: 'public' },
  { path: '/setup', screenKey: 'debug.screens.setup', access: 'public' },
  { path: '/invite', screenKey: 'debug.screens.invite', access: 'public' },
];

export function routeTable(): RouteRow[] {
  const app: RouteRow[] = [
    ...NAV_ENTRIES.filter((entry) => entry.path !== '/').map((entry): RouteRow => ({
      path: entry.path,
      pageId: entry.id,
      access: entry.capability ? 'admin' : 'signedIn',
    })),
    ...Object.entries(EXTRA_PAGES).map(([path, page]): RouteRow => ({
      path,
      pageId: page.id,
      access: path === '/users' ? 'admin' : 'signedIn',
    })),
    { path: '/api/logout', screenKey: 'debug.screens.signOut', access: 'signedIn' },
  ];
  return [...PUBLIC_ROUTES, ...app];
}
