import { Activity, CheckCircle2, FileUp, GraduationCap, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { formatDateTime, formatTimeAgo } from '../../lib/format';
import { useAuth } from '../auth/use-auth';
import { activityDetail, activityLabel } from './activity-labels';
import { QueryError, RoleNote } from './QueryError';
import { useAuditLogs } from './use-audit-logs';

/** Spec §9: the five most recent audit entries. */
export const RECENT_ACTIVITY_LIMIT = 5;

const ICONS: Record<string, LucideIcon> = {
  create_training_event: GraduationCap,
  upload_document: FileUp,
  validate_data: CheckCircle2,
};

export function RecentActivity() {
  const { t } = useTranslation('dashboard');
  const { can } = useAuth();
  const allowed = can('readAllRecords');
  const logs = useAuditLogs(RECENT_ACTIVITY_LIMIT, { enabled: allowed });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('activity.title')}</CardTitle>
        <CardDescription>{t('activity.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {!allowed ? (
          <RoleNote>{t('activity.roleNote')}</RoleNote>
        ) : logs.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label={t('activity.loading')} />
          </div>
        ) : logs.isError ? (
          <QueryError error={logs.error} what={t('activity.what')} />
        ) : logs.data.length === 0 ? (
          <EmptyState icon={Activity} title={t('activity.emptyTitle')} className="py-6">
            {t('activity.emptyText')}
          </EmptyState>
        ) : (
          <ol className="grid grid-cols-1 gap-3">
            {logs.data.map((entry) => {
              const Icon = ICONS[entry.action] ?? Activity;
              const detail = activityDetail(entry.details);
              return (
                <li key={entry.id} className="flex gap-3">
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent text-primary">
                    <Icon aria-hidden className="size-4" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="text-sm font-medium first-letter:uppercase">
                      {activityLabel(entry.action)}
                    </p>
                    {detail && <p className="truncate text-xs text-foreground/80">{detail}</p>}
                    <p className="flex flex-wrap gap-x-1 text-xs text-muted-foreground">
                      <span className="truncate">{entry.actorEmail ?? t('activity.system')}</span>
                      <span aria-hidden>·</span>
                      <time dateTime={entry.timestamp} title={formatDateTime(entry.timestamp)}>
                        {formatTimeAgo(entry.timestamp)}
                      </time>
                    </p>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
