import { LogOut, MoreHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { signOut } from '../../features/auth/use-auth';
import { cn } from '../../lib/utils';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/misc';
import { MOBILE_MORE_EXTRA, MOBILE_NAV } from './navigation';

/** Bottom navigation on mobile: four entries and a More menu (spec §2.2). */
export function MobileNav() {
  const { t } = useTranslation('common');
  return (
    <nav
      aria-label={t('shell.mobileNavigation')}
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-card pb-[env(safe-area-inset-bottom)]"
    >
      <ul className="grid grid-cols-5">
        {MOBILE_NAV.map((item) => (
          <li key={item.path}>
            <NavLink
              to={item.path}
              end={item.path === '/'}
              className={({ isActive }) =>
                cn(
                  'flex flex-col items-center gap-1 py-2 text-[11px] text-muted-foreground',
                  isActive && 'font-semibold text-primary',
                )
              }
            >
              <item.icon aria-hidden className="size-5" />
              {t(`mobileNav.${item.id}`)}
            </NavLink>
          </li>
        ))}
        <li>
          <DropdownMenu>
            <DropdownMenuTrigger className="flex w-full cursor-pointer flex-col items-center gap-1 py-2 text-[11px] text-muted-foreground">
              <MoreHorizontal aria-hidden className="size-5" />
              {t('mobileNav.more')}
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end" side="top">
              {[...MOBILE_NAV, MOBILE_MORE_EXTRA].map((item) => (
                <DropdownMenuItem key={item.path} asChild>
                  <Link to={item.path}>
                    <item.icon aria-hidden /> {t(`mobileNav.${item.id}`)}
                  </Link>
                </DropdownMenuItem>
              ))}
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={signOut}>
                <LogOut aria-hidden /> {t('mobileNav.signOut')}
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </li>
      </ul>
    </nav>
  );
}
