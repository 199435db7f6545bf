import { lazy, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { LOGIN_REDIRECT_DELAY_MS } from '@shared/constants/ui';
import { useAuth } from '../../features/auth/use-auth';
import { t } from '../../i18n/app';
import { FullPageSpinner } from '../ui/spinner';
import { toast } from '../ui/use-toast';
import { RequireAuth } from './RequireAuth';

const Landing = lazy(() => import('../../pages/public/Landing'));
const NotFound = lazy(() => import('../../pages/public/NotFound'));
const RequiredTwoFactor = lazy(() => import('../../features/settings/RequiredTwoFactor'));
const AppShell = lazy(() => import('./AppShell').then((m) => ({ default: m.AppShell })));

/** Authenticated area. At '/' a signed-out visitor simply gets the landing page. */
export function Protected() {
  const { pathname } = useLocation();
  const { isLoading, isAuthenticated, user } = useAuth();
  if (pathname === '/' && !isLoading && !isAuthenticated) return <Landing />;
  const mustEnrol = user?.twoFactor.required && !user.twoFactor.enabled;
  return (
    <RequireAuth fallback={<Landing />}>
      {mustEnrol ? <RequiredTwoFactor /> : <AppShell />}
    </RequireAuth>
  );
}

/** Field operations check sign-in on the screen itself, with their own message (spec §2.6). */
export function FieldGate() {
  const { isLoading, isAuthenticated } = useAuth();
  const signedOut = !isLoading && !isAuthenticated;
  useEffect(() => {
    if (!signedOut) return;
    toast({
      title: t('common:auth.fieldTitle'),
      description: t('common:auth.fieldDescription'),
      variant: 'destructive',
    });
    const timer = setTimeout(() => {
      window.location.href = '/api/login?next=%2Fmobile-field';
    }, LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signedOut]);
  if (isLoading || signedOut) return <FullPageSpinner />;
  return <AppShell />;
}

export function AdminOnly({ children }: { children: ReactNode }) {
  const { can, user } = useAuth();
  // A platform operator reads every organization's counts there, whatever their own role.
  return can('manageOrganization') || user?.operator ? <>{children}</> : <NotFound />;
}
