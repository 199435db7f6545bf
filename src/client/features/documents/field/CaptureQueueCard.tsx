import { CloudUpload, Loader2, RotateCcw, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/format';
import { formatBytes } from '../file-rules';
import { removeQueued, retryQueued, type QueuedItem, type QueuedState } from './capture-queue';

const VARIANT: Record<QueuedState, 'warning' | 'info' | 'success' | 'destructive'> = {
  waiting: 'warning',
  uploading: 'info',
  uploaded: 'success',
  failed: 'destructive',
};

/**
 * What is kept on this device, oldest first (captures and discrepancy write-ups), each with its
 * state and what can be done.
 */
export function CaptureQueueCard({
  items,
  storageError,
}: {
  items: QueuedItem[];
  storageError: string | null;
}) {
  const { t } = useTranslation('documents');
  if (items.length === 0 && !storageError) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CloudUpload aria-hidden className="size-4" /> {t('mobile.queue.title')}
        </CardTitle>
        <CardDescription>{t('mobile.queue.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {storageError && (
          <p role="alert" className="text-sm text-destructive">
            {storageError}
          </p>
        )}
        <ul className="grid gap-2" aria-label={t('mobile.queue.title')}>
          {items.map((item) => {
            const discrepancy = item.kind === 'discrepancy';
            const name = discrepancy
              ? t('mobile.discrepancy.queued', { device: item.deviceName })
              : item.name;
            const openLink = discrepancy
              ? item.discrepancyId && {
                  to: `/fleet-insight/devices/${item.deviceId}`,
                  label: t('mobile.discrepancy.open'),
                }
              : item.documentId && {
                  to: `/documents/${item.documentId}`,
                  label: t('mobile.queue.open'),
                };
            return (
              <li key={item.id} className="grid gap-1 rounded-md border p-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="min-w-0 flex-1 truncate font-medium" title={name}>
                    {name}
                  </span>
                  <Badge variant={VARIANT[item.state]}>
                    {item.state === 'uploading' && (
                      <Loader2 aria-hidden className="size-3 animate-spin" />
                    )}
                    {t(`mobile.queue.states.${item.state}`)}
                  </Badge>
                </div>
                <p className="text-xs text-muted-foreground">
                  {discrepancy ? (
                    <>
                      {t('mobile.discrepancy.reported', {
                        date: formatDateTime(item.writeUp.reportedAt),
                      })}{' '}
                      · {item.writeUp.description}
                    </>
                  ) : (
                    <>
                      {t('mobile.queue.taken', { date: formatDateTime(item.capturedAt) })} ·{' '}
                      {formatBytes(item.file.size)} ·{' '}
                      {t('mobile.queue.hash', { hash: `${item.sha256.slice(0, 12)}…` })}
                    </>
                  )}
                </p>
                {(item.state === 'failed' || (item.state === 'waiting' && item.attempts > 0)) && (
                  <p
                    className={
                      item.state === 'failed'
                        ? 'text-xs text-destructive'
                        : 'text-xs text-muted-foreground'
                    }
                  >
                    {item.state === 'failed'
                      ? item.error
                      : t('mobile.queue.willRetry', {
                          attempts: item.attempts,
                          reason: item.error ?? t('upload.errors.unreachable'),
                        })}
                  </p>
                )}
                <div className="flex flex-wrap gap-2">
                  {item.state === 'uploaded' && openLink && (
                    <Link
                      to={openLink.to}
                      className="text-xs font-medium text-primary underline underline-offset-2"
                    >
                      {openLink.label}
                    </Link>
                  )}
                  {item.state === 'failed' && (
                    <Button variant="outline" size="sm" onClick={() => void retryQueued(item.id)}>
                      <RotateCcw aria-hidden /> {t('mobile.queue.retry')}
                    </Button>
                  )}
                  {(item.state === 'waiting' || item.state === 'failed') && (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={t('mobile.queue.deleteName', { name })}
                      onClick={() => void removeQueued(item.id)}
                    >
                      <Trash2 aria-hidden /> {t('mobile.queue.delete')}
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
