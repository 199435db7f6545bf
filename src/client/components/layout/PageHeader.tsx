import { useQuery } from '@tanstack/react-query';
import { Bell, Download, Plus } from 'lucide-react';
import { Link } from 'react-router';
import type { z } from 'zod';
import type { notificationList } from '@shared/api/activity';
import { useAuth } from '../../features/auth/use-auth';
import { formatDateTime } from '../../lib/format';
import { Button } from '../ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../ui/misc';

function NotificationBell() {
  const { data } = useQuery<z.infer<typeof notificationList>>({
    queryKey: ['/api/notifications'],
  });
  const unread = data?.filter((n) => !n.readAt).length ?? 0;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          size="icon"
          className="relative"
          aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
        >
          <Bell />
          {unread > 0 && (
            <span
              className="absolute -right-1 -top-1 flex size-5 items-center justify-center rounded-full bg-destructive text-[10px] font-semibold text-white"
              data-testid="notification-count"
            >
              {unread}
            </span>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80">
        {!data?.length ? (
          <p className="px-3 py-4 text-sm text-muted-foreground">No notifications</p>
        ) : (
          data.map((n) => (
            <DropdownMenuItem key={n.id} asChild>
              <Link to={n.link ?? '#'} className="grid gap-0.5">
                <span className={n.readAt ? 'text-muted-foreground' : 'font-medium'}>
                  {n.title}
                </span>
                <span className="text-xs text-muted-foreground">{formatDateTime(n.createdAt)}</span>
              </Link>
            </DropdownMenuItem>
          ))
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function PageHeader({ title, description }: { title: string; description: string }) {
  const { can } = useAuth();
  return (
    <header className="flex flex-col gap-3 border-b bg-card px-6 py-4 md:flex-row md:items-center md:justify-between">
      <div className="min-w-0">
        <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      <div className="flex items-center gap-2">
        {can('manageDocuments') && (
          <Button asChild>
            <Link to="/document-import">
              <Plus /> New Import
            </Link>
          </Button>
        )}
        {can('exportReports') && (
          <Button variant="outline" asChild>
            <a href="/api/audit-logs/export.csv" download title="Download the audit trail as CSV">
              <Download /> Export
            </a>
          </Button>
        )}
        <NotificationBell />
      </div>
    </header>
  );
}
