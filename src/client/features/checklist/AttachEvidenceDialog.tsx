import { useQueryClient } from '@tanstack/react-query';
import { Check, Paperclip, Upload } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
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
      setError(e instanceof ApiError ? e.userMessage : 'The document could not be attached.');
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
      if (!id)
        throw new Error('The upload answer carried no document id; pick the file from the list.');
      await attachEvidence(queryClient, itemNumber, id);
    } catch (e) {
      setError(
        e instanceof ApiError
          ? uploadErrorMessage(e)
          : e instanceof Error
            ? e.message
            : 'Upload failed',
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
          <Paperclip /> Attach Evidence
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Attach evidence to item {itemNumber}</DialogTitle>
          <DialogDescription>
            Choose one of your organization’s documents, or upload a new file. Uploaded files go
            through document processing like any other upload.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap items-center gap-2">
          <input
            ref={fileInput}
            type="file"
            className="sr-only"
            aria-label="Upload a new file as evidence"
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
            <Upload /> Upload new file
          </Button>
          {progress !== null && (
            <span className="text-xs text-muted-foreground" aria-live="polite">
              Uploading… {progress}%
            </span>
          )}
        </div>
        <Input
          type="search"
          aria-label="Filter documents"
          placeholder="Filter documents by name..."
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
              <Spinner label="Loading documents" />
            </div>
          ) : documents.isError ? (
            <p className="p-4 text-sm text-destructive">
              Documents could not be loaded:{' '}
              {documents.error instanceof ApiError ? documents.error.userMessage : 'try again.'}
            </p>
          ) : shown.length === 0 ? (
            <p className="p-4 text-sm text-muted-foreground">
              {documents.data?.length
                ? 'No document matches this filter.'
                : 'Your organization has no documents yet. Upload one above.'}
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
                        isAttached ? `${d.originalName} is attached` : `Attach ${d.originalName}`
                      }
                      onClick={() => void attach(d.id)}
                    >
                      {isAttached ? (
                        <>
                          <Check /> Attached
                        </>
                      ) : busy === d.id ? (
                        'Attaching…'
                      ) : (
                        'Attach'
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
