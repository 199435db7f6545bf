import { isToday, parseISO } from 'date-fns';
import { CalendarCheck, FileText, MapPin, MapPinOff, Wifi, WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentSummary } from '@shared/api/records';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { QueryError, RoleNote } from '../../dashboard/QueryError';
import { DocumentStatusBadge, DocumentStatusIcon } from '../DocumentStatus';
import { hasBeenRead } from '../use-document';
import type { LocationState } from './use-current-location';

/** Spec §9: Recent Uploads shows the first three documents. */
const RECENT_UPLOADS = 3;

type DocumentsQuery = {
  data?: DocumentSummary[];
  isPending: boolean;
  isError: boolean;
  error: unknown;
};

function DocumentsBody({
  documents,
  allowed,
  children,
}: {
  documents: DocumentsQuery;
  allowed: boolean;
  children: (docs: DocumentSummary[]) => ReactNode;
}) {
  const { t } = useTranslation('documents');
  if (!allowed) return <RoleNote>{t('mobile.roleNote')}</RoleNote>;
  if (documents.isPending) return <Spinner label={t('history.loading')} />;
  if (documents.isError) return <QueryError error={documents.error} what={t('history.what')} />;
  return <>{children(documents.data ?? [])}</>;
}

export function TodayCard({ documents, allowed }: { documents: DocumentsQuery; allowed: boolean }) {
  const { t } = useTranslation('documents');
  return (
    <Card className="p-4">
      <p className="mb-2 flex items-center gap-2 text-sm font-medium text-muted-foreground">
        <CalendarCheck aria-hidden className="size-4" /> {t('mobile.today.title')}
      </p>
      <DocumentsBody documents={documents} allowed={allowed}>
        {(docs) => {
          const today = docs.filter((doc) => isToday(parseISO(doc.createdAt)));
          const done = today.filter((doc) => hasBeenRead(doc)).length;
          const failed = today.filter((doc) => doc.status === 'error').length;
          return (
            <>
              <p className="text-3xl font-semibold tabular-nums">{formatNumber(today.length)}</p>
              <p className="text-xs text-muted-foreground">
                {t('mobile.today.uploaded', { count: today.length })}
                {today.length > 0 &&
                  ` · ${t('mobile.today.processed', { count: done, n: formatNumber(done) })}` +
                    (failed
                      ? ` · ${t('mobile.today.failed', { count: failed, n: formatNumber(failed) })}`
                      : '')}
              </p>
            </>
          );
        }}
      </DocumentsBody>
    </Card>
  );
}

export function ConnectionCard({ online }: { online: boolean }) {
  const { t } = useTranslation('documents');
  const Icon = online ? Wifi : WifiOff;
  return (
    <Card className="p-4">
      <p className="mb-2 flex items-center gap-2 text-sm font-medium text-muted-foreground">
        <Icon aria-hidden className={cn('size-4', online ? 'text-green-600' : 'text-red-600')} />{' '}
        {t('mobile.connection.title')}
      </p>
      <p className={cn('text-xl font-semibold', online ? 'text-green-700' : 'text-red-700')}>
        {online ? t('mobile.online') : t('mobile.offline')}
      </p>
      <p className="text-xs text-muted-foreground">
        {online ? t('mobile.connection.onlineHint') : t('mobile.connection.offlineHint')}
      </p>
    </Card>
  );
}

export function RecentUploadsCard({
  documents,
  allowed,
}: {
  documents: DocumentsQuery;
  allowed: boolean;
}) {
  const { t } = useTranslation('documents');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('mobile.recent.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <DocumentsBody documents={documents} allowed={allowed}>
          {(docs) =>
            docs.length === 0 ? (
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <FileText aria-hidden className="size-4" /> {t('history.emptyTitle')}
              </p>
            ) : (
              <ul className="divide-y">
                {docs.slice(0, RECENT_UPLOADS).map((doc) => (
                  <li key={doc.id} className="flex items-center gap-3 py-2.5 first:pt-0 last:pb-0">
                    <DocumentStatusIcon status={doc.status} />
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium" title={doc.originalName}>
                        {doc.originalName}
                      </p>
                      <p className="text-xs text-muted-foreground">
                        {formatDateTime(doc.createdAt)}
                      </p>
                    </div>
                    <DocumentStatusBadge status={doc.status} />
                  </li>
                ))}
              </ul>
            )
          }
        </DocumentsBody>
      </CardContent>
    </Card>
  );
}

export function LocationCard({ location }: { location: LocationState }) {
  const { t } = useTranslation('documents');
  const degrees = (value: number) =>
    formatNumber(value, { minimumFractionDigits: 6, maximumFractionDigits: 6, useGrouping: false });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {location.status === 'known' ? (
            <MapPin aria-hidden className="size-4 text-green-600" />
          ) : (
            <MapPinOff aria-hidden className="size-4 text-muted-foreground" />
          )}
          {t('mobile.location.title')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {location.status === 'locating' && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner className="size-4" label={t('mobile.location.findingLabel')} />{' '}
            {t('mobile.location.finding')}
          </p>
        )}
        {location.status === 'unavailable' && (
          <p className="text-sm text-muted-foreground">{t('mobile.location.unavailableText')}</p>
        )}
        {location.status === 'known' && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">{t('mobile.location.latitude')}</dt>
            <dd className="font-mono tabular-nums">{degrees(location.coords.lat)}</dd>
            <dt className="text-muted-foreground">{t('mobile.location.longitude')}</dt>
            <dd className="font-mono tabular-nums">{degrees(location.coords.lng)}</dd>
            <dt className="text-muted-foreground">{t('mobile.location.accuracy')}</dt>
            <dd className="tabular-nums">
              {t('mobile.location.accuracyValue', {
                meters: formatNumber(Math.round(location.coords.accuracy)),
              })}
            </dd>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
