import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, CheckCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { markNotificationsReadResponse, notificationList } from '@shared/api/activity';
import { apiRequest } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { Button } from '../ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../ui/misc';

const NOTIFICATIONS_KEY = ['/api/notifications'] as const;
/** New notifications come from background work (a read, an analysis): looked for each minute. */
const POLL_MS = 60_000;

/** The header's bell: the unread count, the latest twenty, opened and marked read from here. */
export function NotificationBell() {
  const { t } = useTranslation('common');
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: () => apiRequest('GET', '/api/notifications', undefined, notificationList),
    refetchInterval: POLL_MS,
  });
  const markRead = useMutation({
    mutationFn: (ids?: string[]) =>
      apiRequest(
        'POST',
        '/api/notifications/read',
        ids ? { ids } : {},
        markNotificationsReadResponse,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
  const unread = data?.filter((n) => !n.readAt).length ?? 0;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          size="icon"
          className="relative"
          aria-label={
            unread ? t('notifications.unreadLabel', { count: unread }) : t('notifications.label')
          }
        >
          <Bell />
          {unread > 0 && (
            <span
              className="absolute -right-1 -top-1 flex size-5 items-center justify-center rounded-full bg-destructive text-[10px] font-semibold text-white"
              data-testid="notification-count"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-h-[70vh] w-96 overflow-y-auto">
        {!data?.length ? (
          <p className="px-3 py-4 text-sm text-muted-foreground">{t('notifications.empty')}</p>
        ) : (
          <>
            {unread > 0 && (
              <DropdownMenuItem
                onSelect={(event) => {
                  event.preventDefault();
                  markRead.mutate(undefined);
                }}
                className="justify-end text-xs"
              >
                <CheckCheck aria-hidden className="size-4" /> {t('notifications.markAllRead')}
              </DropdownMenuItem>
            )}
            {data.map((n) => (
              <DropdownMenuItem key={n.id} asChild>
                <Link
                  to={n.link ?? '#'}
                  className="grid gap-0.5"
                  onClick={() => {
                    if (!n.readAt) markRead.mutate([n.id]);
                  }}
                >
                  <span className="flex items-center gap-2">
                    {!n.readAt && (
                      <span aria-hidden className="size-2 shrink-0 rounded-full bg-primary" />
                    )}
                    <span className={n.readAt ? 'text-muted-foreground' : 'font-medium'}>
                      {n.title}
                      {!n.readAt && <span className="sr-only">{t('notifications.unread')}</span>}
                    </span>
                  </span>
                  {n.body && (
                    <span className="line-clamp-2 text-xs text-muted-foreground">{n.body}</span>
                  )}
                  <span className="text-xs text-muted-foreground">
                    {formatDateTime(n.createdAt)}
                  </span>
                </Link>
              </DropdownMenuItem>
            ))}
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
