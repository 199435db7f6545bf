import { AlertTriangle, ArrowLeft, FileText, Loader2, ShieldCheck } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { DocumentDetail } from '@shared/api/documents';
import { Card, CardContent } from '../../components/ui/card';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useAuth } from '../auth/use-auth';
import { DeleteDocumentButton, DownloadButton, ReprocessButton } from './DocumentActions';
import { DocumentStatusBadge } from './DocumentStatus';
import { formatConfidence } from './field-presentation';
import { formatBytes } from './file-rules';

function facts(document: DocumentDetail, t: TFunction<'documents'>): string[] {
  const list = [
    t('summary.uploaded', { date: formatDateTime(document.createdAt) }),
    formatBytes(document.sizeBytes),
  ];
  if (document.pageCount !== null) {
    list.push(
      t('summary.pages', { count: document.pageCount, n: formatNumber(document.pageCount) }),
    );
  }
  if (document.validatedAt) {
    list.push(t('summary.validated', { date: formatDateTime(document.validatedAt) }));
  }
  return list;
}

/** Where, when and by whom a field capture was taken, with the inspector's notes. */
function CaptureNote({ document }: { document: DocumentDetail }) {
  const { t } = useTranslation('documents');
  const capture = document.metadata;
  if (!capture) return null;
  const degrees = (value: number) =>
    formatNumber(value, { minimumFractionDigits: 6, maximumFractionDigits: 6, useGrouping: false });
  const parts = [
    capture.inspector && t('capture.by', { inspector: capture.inspector }),
    capture.timestamp && t('capture.on', { date: formatDateTime(capture.timestamp) }),
    capture.location &&
      t('capture.at', {
        lat: degrees(capture.location.lat),
        lng: degrees(capture.location.lng),
      }),
  ].filter(Boolean);
  return (
    <div className="grid gap-0.5 text-sm text-muted-foreground">
      <p>{t('capture.title', { details: parts.join(' ') })}</p>
      {capture.location && capture.accuracy !== undefined && (
        <p className="text-xs">
          {t('capture.accuracy', { metres: formatNumber(capture.accuracy) })}
        </p>
      )}
      {capture.notes && (
        <p>
          {t('capture.notes')} <span className="text-foreground">{capture.notes}</span>
        </p>
      )}
      {capture.sha256 && capture.sha256 === document.sha256 && (
        <p className="flex items-start gap-1.5 text-xs text-green-800 dark:text-green-400">
          <ShieldCheck aria-hidden className="mt-0.5 size-3.5 shrink-0" />
          <span className="break-all">
            {t('capture.verified', { hash: capture.sha256 })} {t('capture.ledger')}
          </span>
        </p>
      )}
      {capture.originalSha256 && capture.originalBytes && (
        <p className="text-xs">
          {t('capture.resizedOriginal', {
            bytes: formatBytes(capture.originalBytes),
            hash: capture.originalSha256,
          })}
        </p>
      )}
      {capture.device && (
        <p className="text-xs">{t('capture.device', { device: capture.device })}</p>
      )}
    </div>
  );
}

/** What the document was read as, and how clearly: the audit counts it as evidence of this kind. */
function KindNote({ document }: { document: DocumentDetail }) {
  const { t } = useTranslation('documents');
  if (!document.documentKind) return null;
  const label = t(`kinds.${document.documentKind}`);
  const sure =
    document.kindConfidence === null
      ? ''
      : ` ${t('kind.sure', { percent: formatConfidence(document.kindConfidence) })}`;
  return (
    <p className="text-sm text-muted-foreground">
      {t('kind.readAs')} <span className="font-medium text-foreground">{label}</span>
      {sure}
      {document.kindReason && document.documentKind !== 'other' && (
        <span className="block text-xs">
          {t('kind.because', { reason: document.kindReason.replace(/^[^:]*:\s*/, '') })}
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
  const { t } = useTranslation('documents');
  const { can } = useAuth();
  const navigate = useNavigate();
  return (
    <div className="grid grid-cols-1 gap-3">
      <Link
        to="/document-import"
        className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden className="size-4" /> {t('summary.back')}
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
            <p className="text-sm text-muted-foreground">{facts(document, t).join(' · ')}</p>
            <KindNote document={document} />
            <CaptureNote document={document} />
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <DownloadButton document={document} label={t('actions.download.label')} />
            {(document.status === 'error' || document.status === 'needs_review') &&
              can('manageDocuments') && (
                <ReprocessButton document={document} label={t('actions.reprocess.label')} />
              )}
            {can('manageOrganization') && (
              <DeleteDocumentButton
                document={document}
                label={t('actions.delete.label')}
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
  const { t } = useTranslation('documents');
  const waiting = document.status === 'uploaded';
  return (
    <div
      role="status"
      className="grid grid-cols-1 gap-2 rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900"
    >
      <p className="flex items-center gap-2 font-medium">
        <Loader2 aria-hidden className="size-4 animate-spin" />
        {waiting ? t('processing.waiting') : t('processing.reading')}
      </p>
      <div className="h-1.5 overflow-hidden rounded-full bg-sky-100" aria-hidden>
        <div className="h-full w-full animate-pulse rounded-full bg-sky-400" />
      </div>
      <p className="text-xs text-sky-800">{t('processing.explanation')}</p>
    </div>
  );
}

export function ErrorNotice({ document }: { document: DocumentDetail }) {
  const { t } = useTranslation('documents');
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-sm text-destructive"
    >
      <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="grid gap-1">
        <p className="font-medium">{t('errorNotice.title')}</p>
        <p>{document.errorMessage ?? t('errorNotice.noReason')}</p>
      </div>
    </div>
  );
}
