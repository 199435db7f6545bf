import { LogOut, ShieldCheck } from 'lucide-react';
import { hasScopedAccess, SCOPED_ACCESS_PATHS } from '../../features/auditor-access/scope-label';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../brand';
import { NavLink } from 'react-router';
import { signOut, useAuth } from '../../features/auth/use-auth';
import { AlertsBadge } from '../../features/regulatory/AlertsBadge';
import { cn } from '../../lib/utils';
import { NAV_ENTRIES, type NavEntry } from './navigation';

/** Auditors' own entry, above the others: where they land. */
const PORTAL_ENTRY: NavEntry = {
  id: 'auditorPortal',
  path: '/auditor-portal',
  label: 'Auditor Portal',
  icon: ShieldCheck,
  title: 'Auditor Portal',
  description: 'Read-only: records, evidence, the ledger and its proofs',
};

export function Brand({ className }: { className?: string }) {
  return <BrandMark tone="light" className={className} />;
}

export function Sidebar() {
  const { t } = useTranslation('common');
  const { user, can } = useAuth();
  const offered = NAV_ENTRIES.filter((e) => !e.capability || can(e.capability));
  const withPortal = user?.role === 'auditor' ? [PORTAL_ENTRY, ...offered] : offered;
  const entries = hasScopedAccess(user)
    ? withPortal.filter((e) => SCOPED_ACCESS_PATHS.includes(e.path))
    : withPortal;
  return (
    <div className="w-68 shrink-0 bg-sidebar">
      <aside
        className="sticky top-0 flex h-screen flex-col text-sidebar-foreground"
        aria-label={t('shell.sidebar')}
      >
        <div className="flex h-16 items-center px-5 text-white">
          <Brand />
        </div>
        <nav
          aria-label={t('shell.mainNavigation')}
          className="flex-1 overflow-y-auto overflow-x-hidden px-3 py-2"
        >
          <ul className="flex flex-col gap-0.5">
            {entries.map((entry) => (
              <li key={entry.path}>
                <NavLink
                  to={entry.path}
                  end={entry.path === '/'}
                  className={({ isActive }) =>
                    cn(
                      'flex min-w-0 items-center gap-3 rounded-md px-3 py-2 text-sm transition-colors hover:bg-white/5 hover:text-white',
                      isActive &&
                        'bg-sidebar-active font-medium text-white shadow-[inset_3px_0_0_0_#38bdf8]',
                    )
                  }
                >
                  <entry.icon aria-hidden className="size-4 shrink-0" />
                  <span className="line-clamp-2 min-w-0 flex-1 leading-snug">
                    {t(`nav.${entry.id}`)}
                  </span>
                  {entry.countBadge === 'regulatoryAlerts' && <AlertsBadge />}
                  {entry.tag && (
                    <span className="rounded bg-sky-400/20 px-1.5 py-0.5 text-[10px] font-semibold uppercase tracking-wide text-sky-200">
                      {t(`nav.tags.${entry.tag}`)}
                    </span>
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="border-t border-white/10 p-4 text-xs">
          {user && (
            <div className="mb-3 flex items-center justify-between gap-2">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-white">
                  {user.firstName} {user.lastName}
                </p>
                <p className="truncate text-sidebar-foreground/70">
                  {t('shell.userLine', {
                    role: t(`roles.${user.role}`),
                    organization: user.organizationName,
                  })}
                </p>
              </div>
              <button
                type="button"
                onClick={signOut}
                className="rounded-md p-2 hover:bg-white/10 cursor-pointer"
                aria-label={t('shell.signOut')}
                title={t('shell.signOut')}
              >
                <LogOut className="size-4" />
              </button>
            </div>
          )}
          <p className="text-sidebar-foreground/60">{t('shell.platform')}</p>
        </div>
      </aside>
    </div>
  );
}
