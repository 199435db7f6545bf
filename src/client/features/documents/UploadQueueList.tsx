import { AlertCircle, CheckCircle2, FileText, Loader2, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Progress } from '../../components/ui/misc';
import { formatNumber } from '../../lib/format';
import { formatBytes, type FileRejection } from './file-rules';
import type { UploadItem } from './use-upload-queue';

function ItemStatus({ item }: { item: UploadItem }) {
  const { t } = useTranslation('documents');
  switch (item.status) {
    case 'pending':
      return <p className="text-xs text-muted-foreground">{t('upload.queue.waiting')}</p>;
    case 'uploading':
      return (
        <div className="grid grid-cols-1 gap-1">
          <Progress
            value={item.progress}
            label={t('upload.queue.progressLabel', { name: item.file.name })}
          />
          <p className="text-xs text-muted-foreground">
            {item.progress < 100
              ? t('upload.queue.uploading', {
                  percent: formatNumber(item.progress / 100, { style: 'percent' }),
                })
              : t('upload.queue.sent')}
          </p>
        </div>
      );
    case 'success':
      return (
        <p className="flex items-center gap-1 text-xs font-medium text-green-700">
          <CheckCircle2 aria-hidden className="size-3.5" /> {t('upload.queue.uploaded')}
        </p>
      );
    case 'error':
      return (
        <p className="flex items-start gap-1 text-xs font-medium text-destructive">
          <AlertCircle aria-hidden className="mt-px size-3.5 shrink-0" />{' '}
          <span className="break-words">{item.error}</span>
        </p>
      );
  }
}

export function UploadQueueList({
  items,
  onRemove,
}: {
  items: UploadItem[];
  onRemove: (id: string) => void;
}) {
  const { t } = useTranslation('documents');
  if (!items.length) return null;
  return (
    <ul aria-label={t('upload.queue.label')} aria-live="polite" className="grid grid-cols-1 gap-2">
      {items.map((item) => (
        <li key={item.id} className="flex items-start gap-3 rounded-md border bg-card p-3">
          {item.status === 'uploading' ? (
            <Loader2 aria-hidden className="mt-0.5 size-5 shrink-0 animate-spin text-sky-600" />
          ) : (
            <FileText aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
          )}
          <div className="grid grid-cols-1 min-w-0 flex-1 gap-1">
            <p className="flex items-baseline justify-between gap-2 text-sm">
              <span className="truncate font-medium" title={item.file.name}>
                {item.file.name}
              </span>
              <span className="shrink-0 text-xs text-muted-foreground">
                {formatBytes(item.file.size)}
              </span>
            </p>
            <ItemStatus item={item} />
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="-mr-1 -mt-1 size-8 shrink-0"
            aria-label={
              item.status === 'uploading'
                ? t('upload.queue.cancelName', { name: item.file.name })
                : t('upload.queue.removeName', { name: item.file.name })
            }
            title={
              item.status === 'uploading'
                ? t('upload.queue.cancelTitle')
                : t('upload.queue.removeTitle')
            }
            onClick={() => onRemove(item.id)}
          >
            <X />
          </Button>
        </li>
      ))}
    </ul>
  );
}

export function RejectionList({
  rejections,
  onDismiss,
}: {
  rejections: FileRejection[];
  onDismiss: () => void;
}) {
  const { t } = useTranslation('documents');
  if (!rejections.length) return null;
  return (
    <div
      role="alert"
      className="grid grid-cols-1 gap-2 rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm"
    >
      <div className="flex items-center justify-between gap-2">
        <p className="font-medium text-destructive">
          {t('upload.rejected.title', {
            count: rejections.length,
            n: formatNumber(rejections.length),
          })}
        </p>
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          {t('upload.rejected.dismiss')}
        </Button>
      </div>
      <ul className="grid grid-cols-1 gap-1">
        {rejections.map(({ file, message }, index) => (
          <li key={`${file.name}-${index}`} className="min-w-0 text-xs">
            <span className="font-medium break-all">{file.name}</span>
            {t('upload.rejected.separator')}
            <span className="text-muted-foreground">{message}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
