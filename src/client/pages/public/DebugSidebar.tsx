import { LogOut, Monitor, Ruler, Smartphone, Waypoints } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { MOBILE_BREAKPOINT } from '@shared/constants/ui';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { signOut } from '../../features/auth/use-auth';
import { BrandMark, useDocumentTitle } from '../../features/marketing/brand';
import {
  debugGroups,
  routeTable,
  SIDEBAR_ENTRY_COUNT,
  type RouteAccess,
} from '../../features/marketing/debug-layout';
import { usePublicText } from '../../i18n/lite';
import { useIsMobile } from '../../lib/use-is-mobile';
import { cn } from '../../lib/utils';

function useViewport() {
  const read = () => ({ width: window.innerWidth, height: window.innerHeight });
  const [size, setSize] = useState(read);
  useEffect(() => {
    const update = () => setSize(read());
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return size;
}

const ACCESS_VARIANT = {
  public: 'success',
  signedIn: 'info',
  admin: 'warning',
} as const satisfies Record<RouteAccess, 'success' | 'info' | 'warning'>;

function DebugAside() {
  const t = usePublicText('marketing');
  // The application's screen names, as its sidebar writes them (this page is drawn signed in or out).
  const { t: app } = useTranslation('common');
  return (
    <aside
      aria-label={t('debug.aside.label')}
      className="flex w-full shrink-0 flex-col bg-[#0b2545] text-slate-200 md:sticky md:top-0 md:h-screen md:w-64"
    >
      <div className="flex h-16 items-center border-b-4 border-sky-400 bg-sky-400/10 px-5">
        <BrandMark tone="light" />
      </div>
      <nav aria-label={t('debug.aside.sections')} className="flex-1 overflow-y-auto py-3">
        {debugGroups().map((group) => (
          <section
            key={group.id}
            aria-labelledby={`group-${group.id}`}
            className={cn('mx-3 mb-3 rounded-md border-l-4 px-2 py-2', group.tone)}
          >
            <p
              id={`group-${group.id}`}
              className="px-2 pb-1 text-[11px] font-semibold uppercase tracking-wider"
            >
              {t(`debug.groups.${group.id}`)}
            </p>
            <ul className="grid grid-cols-2 gap-0.5 md:grid-cols-1">
              {group.entries.map((entry) => (
                <li key={entry.path}>
                  <NavLink
                    to={entry.path}
                    end
                    className="flex items-center gap-2.5 rounded px-2 py-1.5 text-sm text-slate-100 hover:bg-white/10"
                  >
                    <entry.icon aria-hidden className="size-4 shrink-0 opacity-80" />
                    <span className="truncate">{app(`nav.${entry.id}`)}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </nav>
      <div className="border-t-4 border-rose-400 bg-rose-500/10 p-4">
        <Button
          variant="ghost"
          onClick={signOut}
          className="w-full justify-start text-slate-100 hover:bg-white/10 hover:text-white"
        >
          <LogOut aria-hidden /> {t('debug.aside.signOut')}
        </Button>
      </div>
    </aside>
  );
}

function Metric({
  icon: Icon,
  label,
  children,
}: {
  icon: typeof Monitor;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="rounded-lg border bg-card p-5 shadow-sm">
      <p className="flex items-center gap-2 text-xs font-medium uppercase tracking-wide text-muted-foreground">
        <Icon aria-hidden className="size-4" /> {label}
      </p>
      <div className="mt-2">{children}</div>
    </div>
  );
}

/** /debug-sidebar: a layout diagnostics page with coloured sidebar bands (spec: product-core §2.1). */
export default function DebugSidebar() {
  const t = usePublicText('marketing');
  const { t: app } = useTranslation('common');
  useDocumentTitle(t('debug.documentTitle'));
  const { width, height } = useViewport();
  const isMobile = useIsMobile();
  const touch = navigator.maxTouchPoints > 0 || 'ontouchstart' in window;
  const routes = routeTable();

  return (
    <div className="flex min-h-screen flex-col bg-background md:flex-row">
      <DebugAside />
      <main className="min-w-0 flex-1 px-4 py-8 sm:px-8 sm:py-10">
        <div className="mx-auto max-w-4xl">
          <Badge variant="warning">{t('debug.developerPage')}</Badge>
          <h1 className="mt-3 text-2xl font-bold tracking-tight text-primary sm:text-3xl">
            {t('debug.title')}
          </h1>
          <p className="mt-3 max-w-2xl leading-relaxed text-muted-foreground">{t('debug.lead')}</p>

          <div className="mt-8 grid gap-4 sm:grid-cols-3">
            <Metric icon={Ruler} label={t('debug.viewport.label')}>
              <p className="text-2xl font-semibold tabular-nums text-primary">
                {width} × {height}
              </p>
              <p className="text-xs text-muted-foreground">{t('debug.viewport.detail')}</p>
            </Metric>
            <Metric icon={isMobile ? Smartphone : Monitor} label={t('debug.mobile.label')}>
              <p
                className={cn(
                  'text-2xl font-semibold',
                  isMobile ? 'text-amber-700' : 'text-emerald-700',
                )}
              >
                {isMobile ? t('debug.mobile.yes') : t('debug.mobile.no')}
              </p>
              <p className="text-xs text-muted-foreground">
                {t('debug.mobile.detail', {
                  breakpoint: MOBILE_BREAKPOINT,
                  narrow:
                    width <= MOBILE_BREAKPOINT
                      ? t('debug.mobile.yesLower')
                      : t('debug.mobile.noLower'),
                  touch: touch ? t('debug.mobile.yesLower') : t('debug.mobile.noLower'),
                })}
              </p>
            </Metric>
            <Metric icon={Waypoints} label={t('debug.entries.label')}>
              <p className="text-2xl font-semibold tabular-nums text-primary">
                {SIDEBAR_ENTRY_COUNT}
              </p>
              <p className="text-xs text-muted-foreground">{t('debug.entries.detail')}</p>
            </Metric>
          </div>

          <section
            aria-labelledby="user-agent"
            className="mt-4 rounded-lg border bg-card p-5 shadow-sm"
          >
            <h2
              id="user-agent"
              className="text-xs font-medium uppercase tracking-wide text-muted-foreground"
            >
              {t('debug.userAgent')}
            </h2>
            <p className="mt-2 break-all font-mono text-xs text-foreground">
              <span translate="no">{navigator.userAgent}</span>
            </p>
          </section>

          <section aria-labelledby="routes" className="mt-10">
            <h2 id="routes" className="text-lg font-semibold text-primary">
              {t('debug.routes.title')}
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">
              {t('debug.routes.lead', { count: routes.length })}
            </p>
            <div className="mt-4 rounded-lg border bg-card shadow-sm">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>{t('debug.routes.path')}</TableHead>
                    <TableHead className="hidden sm:table-cell">
                      {t('debug.routes.screen')}
                    </TableHead>
                    <TableHead>{t('debug.routes.access')}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {routes.map((route) => {
                    const screen = route.screenKey
                      ? t(route.screenKey)
                      : app(`pages.${route.pageId}.title`);
                    return (
                      <TableRow key={route.path}>
                        <TableCell>
                          <span translate="no" className="whitespace-nowrap font-mono text-xs">
                            {route.path}
                          </span>
                          <span className="mt-0.5 block text-xs text-muted-foreground sm:hidden">
                            {screen}
                          </span>
                        </TableCell>
                        <TableCell className="hidden sm:table-cell">{screen}</TableCell>
                        <TableCell>
                          <Badge variant={ACCESS_VARIANT[route.access]}>
                            {t(`debug.access.${route.access}`)}
                          </Badge>
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </div>
          </section>
        </div>
      </main>
    </div>
  );
}
