import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Laptop, Smartphone } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { sessionList, signedOutCount, type SessionSummary } from '@shared/api/auth';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { apiRequest } from '../../lib/api';
import { formatDateTime } from '../../lib/format';

const SESSIONS_KEY = ['/api/auth/sessions'] as const;

/** "Chrome on Linux", read from the browser's user agent (a hint, not a proof). */
export function describeAgent(
  agent: string | null,
  t: TFunction,
): { label: string; mobile: boolean } {
  if (!agent) return { label: t('sessions.unknownBrowser'), mobile: false };
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Firefox\//.test(agent)
      ? 'Firefox'
      : /Chrome\//.test(agent)
        ? 'Chrome'
        : /Safari\//.test(agent)
          ? 'Safari'
          : t('sessions.aBrowser');
  const system = /iPhone|iPad/.test(agent)
    ? 'iOS'
    : /Android/.test(agent)
      ? 'Android'
      : /Windows/.test(agent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(agent)
          ? 'macOS'
          : /Linux|X11/.test(agent)
            ? 'Linux'
            : null;
  return {
    label: system ? t('sessions.browserOn', { browser, system }) : browser,
    mobile: /Mobile|iPhone|iPad|Android/.test(agent),
  };
}

/** Settings → Security: where the user is signed in, with sign-out of each or all others. */
export function SessionsSection() {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const sessions = useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: () => apiRequest('GET', '/api/auth/sessions', undefined, sessionList),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
  const endOne = useMutation({
    mutationFn: (id: string) =>
      apiRequest('DELETE', `/api/auth/sessions/${id}`, undefined, signedOutCount),
    onSuccess: () => toast({ title: t('sessions.signedOutOne') }),
    onSettled: refresh,
  });
  const endOthers = useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/sessions/sign-out-others', {}, signedOutCount),
    onSuccess: ({ signedOut }) =>
      toast({
        title: t('sessions.signedOutOthers'),
        description: t('sessions.othersEnded', { count: signedOut }),
      }),
    onSettled: refresh,
  });
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current).length;

  return (
    <section aria-labelledby="sessions-title" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="grid gap-0.5">
          <h4 id="sessions-title" className="text-sm font-semibold">
            {t('sessions.title')}
          </h4>
          <p className="text-sm text-muted-foreground">{t('sessions.description')}</p>
        </div>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={others === 0 || endOthers.isPending}
          onClick={() => endOthers.mutate()}
        >
          {endOthers.isPending ? t('sessions.signingOut') : t('sessions.signOutOthers')}
        </Button>
      </div>
      {sessions.isError && (
        <p role="alert" className="text-sm text-destructive">
          {t('sessions.loadError')}
        </p>
      )}
      <ul className="divide-y rounded-md border">
        {list.map((s: SessionSummary) => {
          const agent = describeAgent(s.userAgent, t);
          const Icon = agent.mobile ? Smartphone : Laptop;
          return (
            <li key={s.id} className="flex items-center justify-between gap-3 px-3 py-2">
              <div className="flex min-w-0 items-center gap-3">
                <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                <div className="grid min-w-0 gap-0.5">
                  <p className="flex items-center gap-2 text-sm font-medium">
                    {agent.label}
                    {s.current && <Badge variant="secondary">{t('sessions.thisBrowser')}</Badge>}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {t('sessions.signedInAt', {
                      signedIn: formatDateTime(s.createdAt),
                      lastActive: formatDateTime(s.lastSeenAt),
                    })}
                  </p>
                </div>
              </div>
              {!s.current && (
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  disabled={endOne.isPending}
                  onClick={() => endOne.mutate(s.id)}
                  aria-label={t('sessions.signOutLabel', {
                    agent: agent.label,
                    signedIn: formatDateTime(s.createdAt),
                  })}
                >
                  {t('sessions.signOut')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
