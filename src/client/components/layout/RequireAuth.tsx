import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { LOGIN_REDIRECT_DELAY_MS } from '@shared/constants/ui';
import { useAuth } from '../../features/auth/use-auth';
import { t } from '../../i18n/app';
import { FullPageSpinner } from '../ui/spinner';
import { toast } from '../ui/use-toast';

/** Where the sign-in page sends the user back to afterwards. */
export function loginUrl(next: string) {
  return next && next !== '/' ? `/api/login?next=${encodeURIComponent(next)}` : '/api/login';
}

export function redirectToLogin(next: string) {
  toast({
    title: t('common:auth.unauthorized'),
    description: t('common:auth.loggedOut'),
    variant: 'destructive',
  });
  setTimeout(() => {
    window.location.href = loginUrl(next);
  }, LOGIN_REDIRECT_DELAY_MS);
}

/**
 * Spinner while the session loads; signed-out visitors see `fallback` (the landing page), the
 * 'Unauthorized' toast, and are sent to sign-in after 500 ms.
 */
export function RequireAuth({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const { isLoading, isAuthenticated } = useAuth();
  const location = useLocation();
  const signedOut = !isLoading && !isAuthenticated;
  useEffect(() => {
    if (signedOut) redirectToLogin(location.pathname + location.search);
  }, [signedOut, location.pathname, location.search]);
  if (isLoading) return <FullPageSpinner />;
  if (signedOut) return <>{fallback}</>;
  return <>{children}</>;
}
