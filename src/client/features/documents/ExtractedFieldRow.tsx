import { CheckCircle2, FileSearch, Loader2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExtractedDataItem } from '@shared/api/documents';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { formatDateTime } from '../../lib/format';
import { cn } from '../../lib/utils';
import { ConfidenceBadge } from './ConfidenceBadge';
import {
  confidenceTone,
  fieldLabel,
  needsValidation,
  useReviewThreshold,
} from './field-presentation';

export interface FieldRowProps {
  field: ExtractedDataItem;
  draft: string;
  onDraft: (value: string) => void;
  onValidate: () => void;
  /** Shows the page the value was read from; absent where no original is beside the form. */
  onShowPage?: () => void;
  editable: boolean;
  busy: boolean;
  active?: boolean;
  compact?: boolean;
}

function ValidationNote({ field, draft }: { field: ExtractedDataItem; draft: string }) {
  const { t } = useTranslation('documents');
  const threshold = useReviewThreshold();
  const changed = draft.trim() !== (field.validatedValue ?? field.extractedValue);
  return (
    <>
      {field.validatedAt && !changed && (
        <p className="flex items-center gap-1 text-xs text-green-700">
          <CheckCircle2 aria-hidden className="size-3.5 shrink-0" />
          {t('field.validatedBy', {
            name: field.validatedByName ?? t('field.formerUser'),
            date: formatDateTime(field.validatedAt),
          })}
        </p>
      )}
      {(field.validatedValue ?? draft.trim()) !== field.extractedValue && (
        <p className="text-xs text-muted-foreground">
          {t('field.readAs')}{' '}
          <span className="font-medium break-all">{field.extractedValue || t('field.empty')}</span>
        </p>
      )}
      {field.refinedBy && (
        <p className="text-xs text-muted-foreground">
          {t('field.refinedBy', { model: field.refinedBy })}
        </p>
      )}
      {field.reviewNotes.map((note) => (
        <p key={note} className="text-xs text-amber-800">
          {note}
        </p>
      ))}
      {!field.validatedAt && confidenceTone(field.confidenceScore, threshold) !== 'high' && (
        <p className="text-xs text-amber-800">{t('field.belowThreshold')}</p>
      )}
    </>
  );
}

export function ExtractedFieldRow({
  field,
  draft,
  onDraft,
  onValidate,
  onShowPage,
  editable,
  busy,
  active = false,
  compact = false,
}: FieldRowProps) {
  const { t } = useTranslation('documents');
  const inputId = useId();
  const label = fieldLabel(field.fieldName);
  const outstanding = needsValidation(field, draft);
  const canValidate = editable && outstanding && !busy;

  return (
    <li
      className={cn(
        'grid grid-cols-1 gap-1.5 rounded-md border p-3',
        active && 'border-primary/60 bg-accent/40',
        compact && 'p-2.5',
      )}
      data-field={field.fieldName}
    >
      <div className="flex items-center gap-2">
        {editable ? (
          <label htmlFor={inputId} className="min-w-0 flex-1 truncate text-sm font-medium">
            {label}
          </label>
        ) : (
          <span className="min-w-0 flex-1 truncate text-sm font-medium">{label}</span>
        )}
        {field.validatedAt && compact && (
          <CheckCircle2
            aria-label={t('field.validated')}
            className="size-4 shrink-0 text-green-600"
          />
        )}
        <ConfidenceBadge score={field.confidenceScore} />
        {onShowPage && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="h-6 shrink-0 px-1.5 text-xs text-muted-foreground"
            onClick={onShowPage}
            aria-label={t('field.showPageName', { page: field.page, field: label })}
            title={t('field.showPageTitle')}
          >
            <FileSearch aria-hidden /> {t('field.page', { page: field.page })}
          </Button>
        )}
      </div>
      {editable ? (
        <div className="flex gap-2">
          <Input
            id={inputId}
            value={draft}
            onChange={(event) => onDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && canValidate) {
                event.preventDefault();
                onValidate();
              }
            }}
            autoComplete="off"
            spellCheck={false}
            className={compact ? 'h-8' : undefined}
          />
          {!compact && (
            <Button
              type="button"
              variant={outstanding ? 'outline' : 'ghost'}
              className="shrink-0"
              disabled={!canValidate}
              onClick={onValidate}
              aria-label={
                outstanding
                  ? t('field.validateName', { field: label })
                  : t('field.validatedName', { field: label })
              }
            >
              {busy ? (
                <Loader2 aria-hidden className="animate-spin" />
              ) : outstanding ? null : (
                <CheckCircle2 aria-hidden className="text-green-600" />
              )}
              {outstanding ? t('field.validate') : t('field.validated')}
            </Button>
          )}
        </div>
      ) : (
        <p className="min-h-6 text-sm break-words">
          {draft || <span className="text-muted-foreground">{t('field.empty')}</span>}
        </p>
      )}
      {!compact && <ValidationNote field={field} draft={draft} />}
    </li>
  );
}
