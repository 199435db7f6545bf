import { useQueryClient } from '@tanstack/react-query';
import { Check, Paperclip, Upload } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { ACCEPT_ATTRIBUTE } from '../documents/file-rules';
import { uploadDocument, uploadErrorMessage } from '../documents/upload-document';
import { invalidateAfterUpload, useDocuments } from '../documents/use-documents';
import { wholePercent } from './checklist';
import { attachEvidence } from './use-checklist';

/** The id of the uploaded document in the upload answer (`{ id, …, documents: [...] }`). */
function uploadedId(answer: unknown): string | null {
  const a = answer as { id?: unknown; documents?: { id?: unknown }[] } | null;
  if (typeof a?.id === 'string') return a.id;
  const first = a?.documents?.[0]?.id;
  return typeof first === 'string' ? first : null;
}

/**
 * Attach Evidence: pick one of the organization's documents, or upload a new file through the
 * document pipeline (POST /api/documents/upload) and attach it once stored.
 */
export function AttachEvidenceDialog({
  itemNumber,
  attached,
}: {
  itemNumber: string;
  attached: Set<string>;
}) {
  const { t } = useTranslation('checklist');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const documents = useDocuments({ enabled: open });

  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return (documents.data ?? []).filter((d) => d.originalName.toLowerCase().includes(needle));
  }, [documents.data, filter]);

  const attach = async (documentId: string) => {
    setBusy(documentId);
    setError(null);
    try {
      await attachEvidence(queryClient, itemNumber, documentId);
    } catch (e) {
      setError(e instanceof ApiError ? e.userMessage : t('attach.notAttached'));
    } finally {
      setBusy(null);
    }
  };

  const upload = async (file: File) => {
    setBusy('upload');
    setError(null);
    setProgress(0);
    try {
      const form = new FormData();
      form.append('file', file);
      const answer = await uploadDocument(form, { onProgress: setProgress });
      await invalidateAfterUpload(queryClient);
      const id = uploadedId(answer);
      if (!id) throw new Error(t('attach.noDocumentId'));
      await attachEvidence(queryClient, itemNumber, id);
    } catch (e) {
      setError(
        e instanceof ApiError
          ? uploadErrorMessage(e)
          : e instanceof Error
            ? e.message
            : t('attach.uploadFailed'),
      );
    } finally {
      setBusy(null);
      setProgress(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Paperclip /> {t('attach.trigger')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('attach.title', { number: itemNumber })}</DialogTitle>
          <DialogDescription>{t('attach.description')}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap items-center gap-2">
          <input
            ref={fileInput}
            type="file"
            className="sr-only"
            aria-label={t('attach.uploadInput')}
            accept={ACCEPT_ATTRIBUTE}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void upload(file);
            }}
          />
          <Button
            variant="secondary"
            size="sm"
            disabled={busy !== null}
            onClick={() => fileInput.current?.click()}
          >
            <Upload /> {t('attach.uploadButton')}
          </Button>
          {progress !== null && (
            <span className="text-xs text-muted-foreground" aria-live="polite">
              {t('attach.uploading', { percent: wholePercent(progress) })}
            </span>
          )}
        </div>
        <Input
          type="search"
          aria-label={t('attach.filterLabel')}
          placeholder={t('attach.filterPlaceholder')}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <div className="max-h-72 overflow-y-auto rounded-md border">
          {documents.isPending ? (
            <div className="flex justify-center p-6">
              <Spinner label={t('attach.loading')} />
            </div>
          ) : documents.isError ? (
            <p className="p-4 text-sm text-destructive">
              {t('attach.loadFailed', {
                reason:
                  documents.error instanceof ApiError
                    ? documents.error.userMessage
                    : t('attach.loadFailedRetry'),
              })}
            </p>
          ) : shown.length === 0 ? (
            <p className="p-4 text-sm text-muted-foreground">
              {documents.data?.length ? t('attach.noMatch') : t('attach.noDocuments')}
            </p>
          ) : (
            <ul className="divide-y">
              {shown.map((d) => {
                const isAttached = attached.has(d.id);
                return (
                  <li key={d.id} className="flex items-center justify-between gap-3 px-3 py-2">
                    <div className="min-w-0">
                      <p className="truncate text-sm font-medium">{d.originalName}</p>
                      <p className="text-xs text-muted-foreground">
                        {formatDate(d.createdAt)} · {d.status}
                      </p>
                    </div>
                    <Button
                      size="sm"
                      variant={isAttached ? 'ghost' : 'outline'}
                      disabled={isAttached || busy !== null}
                      aria-label={
                        isAttached
                          ? t('attach.isAttached', { name: d.originalName })
                          : t('attach.attachName', { name: d.originalName })
                      }
                      onClick={() => void attach(d.id)}
                    >
                      {isAttached ? (
                        <>
                          <Check /> {t('attach.attached')}
                        </>
                      ) : busy === d.id ? (
                        t('attach.attaching')
                      ) : (
                        t('attach.attach')
                      )}
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
