import { AlertTriangle, ArrowLeft, FileText, Loader2 } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { DOCUMENT_TYPE_LABELS } from '@shared/api/audit';
import type { DocumentDetail } from '@shared/api/documents';
import { Card, CardContent } from '../../components/ui/card';
import { formatDateTime } from '../../lib/format';
import { useAuth } from '../auth/use-auth';
import { DeleteDocumentButton, DownloadButton, ReprocessButton } from './DocumentActions';
import { DocumentStatusBadge } from './DocumentStatus';
import { formatConfidence } from './field-presentation';
import { formatBytes } from './file-rules';

function facts(document: DocumentDetail): string[] {
  const list = [`Uploaded ${formatDateTime(document.createdAt)}`, formatBytes(document.sizeBytes)];
  if (document.pageCount !== null) {
    list.push(document.pageCount === 1 ? '1 page' : `${document.pageCount} pages`);
  }
  if (document.validatedAt) list.push(`Validated ${formatDateTime(document.validatedAt)}`);
  return list;
}

/** Where, when and by whom a field capture was taken, with the inspector's notes. */
function CaptureNote({ document }: { document: DocumentDetail }) {
  const capture = document.metadata;
  if (!capture) return null;
  const parts = [
    capture.inspector && `by ${capture.inspector}`,
    capture.timestamp && `on ${formatDateTime(capture.timestamp)}`,
    capture.location && `at ${capture.location.lat.toFixed(6)}, ${capture.location.lng.toFixed(6)}`,
  ].filter(Boolean);
  return (
    <div className="grid gap-0.5 text-sm text-muted-foreground">
      <p>Captured in the field {parts.join(' ')}</p>
      {capture.notes && (
        <p>
          Inspection notes: <span className="text-foreground">{capture.notes}</span>
        </p>
      )}
    </div>
  );
}

/** What the document was read as, and how clearly: the audit counts it as evidence of this kind. */
function KindNote({ document }: { document: DocumentDetail }) {
  if (!document.documentKind) return null;
  const label = DOCUMENT_TYPE_LABELS[document.documentKind];
  const sure =
    document.kindConfidence === null ? '' : ` (${formatConfidence(document.kindConfidence)} sure)`;
  return (
    <p className="text-sm text-muted-foreground">
      Read as: <span className="font-medium text-foreground">{label}</span>
      {sure}
      {document.kindReason && document.documentKind !== 'other' && (
        <span className="block text-xs">
          Because of {document.kindReason.replace(/^[^:]*:\s*/, '')}
        </span>
      )}
      {document.evidenceNote && (
        <span className="mt-1 block text-xs font-medium text-amber-700 dark:text-amber-400">
          {document.evidenceNote}
        </span>
      )}
    </p>
  );
}

/** Name, status, dates and size of the document, with what the role may do to it. */
export function DocumentSummaryCard({ document }: { document: DocumentDetail }) {
  const { can } = useAuth();
  const navigate = useNavigate();
  return (
    <div className="grid grid-cols-1 gap-3">
      <Link
        to="/document-import"
        className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden className="size-4" /> Document Import
      </Link>
      <Card>
        <CardContent className="flex flex-col gap-4 pt-5 sm:flex-row sm:items-center">
          <span className="hidden size-11 shrink-0 items-center justify-center rounded-md bg-accent text-primary sm:flex">
            <FileText aria-hidden className="size-5" />
          </span>
          <div className="grid min-w-0 flex-1 gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="min-w-0 text-lg font-semibold break-all">{document.originalName}</h2>
              <DocumentStatusBadge status={document.status} />
            </div>
            <p className="text-sm text-muted-foreground">{facts(document).join(' · ')}</p>
            <KindNote document={document} />
            <CaptureNote document={document} />
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <DownloadButton document={document} label="Download" />
            {(document.status === 'error' || document.status === 'needs_review') &&
              can('manageDocuments') && <ReprocessButton document={document} label="Reprocess" />}
            {can('manageOrganization') && (
              <DeleteDocumentButton
                document={document}
                label="Delete"
                onDeleted={() => void navigate('/document-import', { replace: true })}
              />
            )}
          </div>
        </CardContent>
      </Card>
    </div>
  );
}

/** While the server reads the document; the page asks again every 2 s. */
export function ProcessingNotice({ document }: { document: DocumentDetail }) {
  const waiting = document.status === 'uploaded';
  return (
    <div
      role="status"
      className="grid grid-cols-1 gap-2 rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900"
    >
      <p className="flex items-center gap-2 font-medium">
        <Loader2 aria-hidden className="size-4 animate-spin" />
        {waiting ? 'Waiting to be read…' : 'Reading the document…'}
      </p>
      <div className="h-1.5 overflow-hidden rounded-full bg-sky-100" aria-hidden>
        <div className="h-full w-full animate-pulse rounded-full bg-sky-400" />
      </div>
      <p className="text-xs text-sky-800">
        Text is read page by page (scans and photos by OCR), then the fields are extracted. This
        page refreshes by itself.
      </p>
    </div>
  );
}

export function ErrorNotice({ document }: { document: DocumentDetail }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-sm text-destructive"
    >
      <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="grid gap-1">
        <p className="font-medium">This document could not be read.</p>
        <p>{document.errorMessage ?? 'No reason was recorded.'}</p>
      </div>
    </div>
  );
}
