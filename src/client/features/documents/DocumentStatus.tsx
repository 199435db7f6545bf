import { AlertTriangle, CheckCircle2, Clock, Loader2, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DocumentSummary } from '@shared/api/records';
import { Badge } from '../../components/ui/badge';
import { t } from '../../i18n/app';
import { cn } from '../../lib/utils';

type Status = DocumentSummary['status'];

const BADGE_VARIANTS = {
  uploaded: 'warning',
  processing: 'info',
  processed: 'success',
  needs_review: 'warning',
  validated: 'success',
  error: 'destructive',
} as const satisfies Record<Status, string>;

/** The status as the reader's language writes it (`documents:status.*`), asked for when drawn. */
export function documentStatusLabel(status: Status) {
  return t(`documents:status.${status}`);
}

/**
 * Spec §4: uploaded amber clock, processing spinner, processed/validated green, error red; a
 * document a person must look at (needs review) an amber warning.
 */
export function DocumentStatusIcon({ status, className }: { status: Status; className?: string }) {
  const base = cn('size-5 shrink-0', className);
  switch (status) {
    case 'uploaded':
      return <Clock aria-hidden className={cn(base, 'text-amber-600')} />;
    case 'processing':
      return <Loader2 aria-hidden className={cn(base, 'animate-spin text-sky-600')} />;
    case 'processed':
    case 'validated':
      return <CheckCircle2 aria-hidden className={cn(base, 'text-green-600')} />;
    case 'needs_review':
      return <AlertTriangle aria-hidden className={cn(base, 'text-amber-600')} />;
    case 'error':
      return <XCircle aria-hidden className={cn(base, 'text-red-600')} />;
  }
}

export function DocumentStatusBadge({ status }: { status: Status }) {
  const { t } = useTranslation('documents');
  return <Badge variant={BADGE_VARIANTS[status]}>{t(`status.${status}`)}</Badge>;
}
