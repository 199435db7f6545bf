import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, isUnauthorized } from '../../lib/api';
import { cn } from '../../lib/utils';
import { AUTH_KEY } from '../auth/use-auth';

/** The reader-facing message of a failure (lib/api.ts `apiErrorMessage`). */
export function errorText(error: unknown): string {
  return apiErrorMessage(error);
}

/**
 * A failed load, said plainly with the server's message. A 401 means the session ended: the
 * session query is refreshed so the auth guard shows the sign-out toast and redirect.
 * `what` is what could not be loaded, in the reader's language with its article ("the
 * checklist", « la liste de contrôle »): the sentence reads "Could not load {what}."
 */
export function QueryError({
  error,
  what,
  className,
}: {
  error: unknown;
  what: string;
  className?: string;
}) {
  const { t } = useTranslation('dashboard');
  const queryClient = useQueryClient();
  const unauthorized = isUnauthorized(error);
  useEffect(() => {
    if (unauthorized) void queryClient.invalidateQueries({ queryKey: AUTH_KEY });
  }, [unauthorized, queryClient]);
  return (
    <div
      role="alert"
      className={cn(
        'flex items-start gap-2 rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive',
        className,
      )}
    >
      <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>{t('queryError', { what, message: errorText(error) })}</span>
    </div>
  );
}

/** For roles the server will not answer: say so instead of showing an error. */
export function RoleNote({ children }: { children: string }) {
  return <p className="rounded-md bg-muted p-3 text-sm text-muted-foreground">{children}</p>;
}
