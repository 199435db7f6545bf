import { Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_UPLOAD_BYTES } from '@shared/constants/uploads';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { DropZone } from '../documents/DropZone';
import { formatBytes, partitionFiles, type FileRejection } from '../documents/file-rules';
import { RejectionList, UploadQueueList } from '../documents/UploadQueueList';
import { isInProgress, useDocuments } from '../documents/use-documents';
import { useUploadQueue } from '../documents/use-upload-queue';

/** Spec §5: at most 10 files in the area. */
export const MAX_AREA_FILES = 10;

/**
 * The optional upload area: files go through the document pipeline (POST /api/documents/upload)
 * with real progress. 'Process Uploaded Documents' waits until the uploaded documents are read,
 * then runs the gap analysis again.
 */
export function AuditUploadArea({
  onProcessed,
  disabled,
}: {
  onProcessed: () => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('document-generation');
  const queue = useUploadQueue('audit');
  const [rejections, setRejections] = useState<FileRejection[]>([]);
  const [waitingFor, setWaitingFor] = useState<string[] | null>(null);
  const documents = useDocuments({ pollWhileProcessing: waitingFor !== null });
  const uploaded = queue.items.filter((i) => i.status === 'success' && i.documentId);
  const stillReading = waitingFor
    ? waitingFor.filter((id) => {
        const doc = documents.data?.find((d) => d.id === id);
        return !doc || isInProgress(doc);
      }).length
    : 0;

  useEffect(() => {
    if (waitingFor && documents.data && !documents.isFetching && stillReading === 0) {
      setWaitingFor(null);
      onProcessed();
    }
  }, [waitingFor, documents.data, documents.isFetching, stillReading, onProcessed]);

  const onFiles = (files: File[]) => {
    const { accepted, rejected } = partitionFiles(files);
    const room = Math.max(0, MAX_AREA_FILES - queue.items.length);
    const tooMany = accepted.slice(room).map((file) => ({
      file,
      message: t('upload.tooMany', { count: MAX_AREA_FILES }),
    }));
    setRejections([...rejected, ...tooMany]);
    if (room > 0 && accepted.length) queue.add(accepted.slice(0, room));
  };

  const process = () => {
    const ids = uploaded.map((i) => i.documentId!);
    toast({
      title: t('upload.ready'),
      description: t('upload.readyDescription', { count: ids.length }),
    });
    setWaitingFor(ids);
    void documents.refetch();
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('upload.title')}</CardTitle>
        <CardDescription>
          {t('upload.description', {
            count: MAX_AREA_FILES,
            size: formatBytes(MAX_UPLOAD_BYTES),
          })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <DropZone onFiles={onFiles} compact />
        <RejectionList rejections={rejections} onDismiss={() => setRejections([])} />
        <UploadQueueList items={queue.items} onRemove={queue.remove} />
        {uploaded.length > 0 && (
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={process} disabled={disabled || waitingFor !== null}>
              {waitingFor !== null && <Loader2 aria-hidden className="animate-spin" />}
              {t('upload.process')}
            </Button>
            {waitingFor !== null && (
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {stillReading > 0
                  ? t('upload.waiting', {
                      count: waitingFor.length,
                      reading: stillReading,
                    })
                  : t('upload.read')}
              </p>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
