import { Lock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { useAuth } from '../auth/use-auth';
import { DropZone } from './DropZone';
import { partitionFiles, type FileRejection } from './file-rules';
import { RejectionList, UploadQueueList } from './UploadQueueList';
import { useUploadQueue } from './use-upload-queue';

/** The upload panel of the dashboard and Document Import. Only roles that manage documents see it. */
export function UploadPanel({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('documents');
  const { user, can } = useAuth();
  const queue = useUploadQueue();
  const [rejections, setRejections] = useState<FileRejection[]>([]);
  const finished = queue.items.some((item) => item.status === 'success' || item.status === 'error');

  if (!can('manageDocuments')) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>{t('upload.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="flex items-start gap-2 rounded-md bg-muted p-3 text-sm text-muted-foreground">
            <Lock aria-hidden className="mt-0.5 size-4 shrink-0" />
            {user
              ? t('upload.roleCannot', { role: t(`roles.${user.role}`) })
              : t('upload.yourRoleCannot')}{' '}
            {t('upload.whoCan')}
          </p>
        </CardContent>
      </Card>
    );
  }

  const onFiles = (files: File[]) => {
    const { accepted, rejected } = partitionFiles(files);
    setRejections(rejected);
    if (accepted.length) queue.add(accepted);
  };

  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-3 space-y-0">
        <div className="grid grid-cols-1 gap-1.5">
          <CardTitle>{t('upload.title')}</CardTitle>
          <CardDescription>{t('upload.description')}</CardDescription>
        </div>
        {finished && (
          <Button variant="ghost" size="sm" className="shrink-0" onClick={queue.clearFinished}>
            {t('upload.clearFinished')}
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-3">
        <DropZone onFiles={onFiles} compact={compact} />
        <RejectionList rejections={rejections} onDismiss={() => setRejections([])} />
        <UploadQueueList items={queue.items} onRemove={queue.remove} />
      </CardContent>
    </Card>
  );
}
