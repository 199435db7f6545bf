import { CheckCheck, Loader2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentDetail, ExtractedDataItem } from '@shared/api/documents';
import { Button } from '../../components/ui/button';
import { Progress } from '../../components/ui/misc';
import { formatNumber } from '../../lib/format';
import { ExtractedFieldRow } from './ExtractedFieldRow';
import { currentValue, needsValidation } from './field-presentation';
import { hasBeenRead } from './use-document';
import { useFieldValidation, type FieldDraft } from './use-document-actions';

export interface ExtractedFieldsFormProps {
  document: Pick<DocumentDetail, 'id' | 'originalName' | 'status'>;
  fields: ExtractedDataItem[];
  /** Admins and instructors edit and validate; other roles read. */
  editable: boolean;
  onShowPage?: (field: ExtractedDataItem) => void;
  activeFieldId?: string | null;
  /** The dashboard's short form: inputs and one validate action, no per-field buttons. */
  compact?: boolean;
  /** Shown beside the Validate all button (the dashboard's link to the document page). */
  footer?: ReactNode;
}

/**
 * The extracted fields with their confidence, each editable and validated on its own, or all at
 * once. Edits are kept per field until the server has confirmed them.
 */
export function ExtractedFieldsForm({
  document,
  fields,
  editable,
  onShowPage,
  activeFieldId = null,
  compact = false,
  footer,
}: ExtractedFieldsFormProps) {
  const { t } = useTranslation('documents');
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const validation = useFieldValidation(document);
  const draftOf = (field: ExtractedDataItem) => drafts[field.id] ?? currentValue(field);
  const outstanding = fields.filter((field) => needsValidation(field, draftOf(field)));
  const canAct = editable && hasBeenRead(document);

  const run = async (list: FieldDraft[]) => {
    const done = new Set(await validation.validate(list));
    // Confirmed fields show the server's value again; failed ones keep what the user typed.
    setDrafts((all) => Object.fromEntries(Object.entries(all).filter(([id]) => !done.has(id))));
  };
  const validateAll = () =>
    run(outstanding.map((field) => ({ field, value: draftOf(field).trim() })));

  return (
    <div className="grid grid-cols-1 gap-3">
      <ul className={compact ? 'grid grid-cols-1 gap-2 sm:grid-cols-2' : 'grid grid-cols-1 gap-2'}>
        {fields.map((field) => (
          <ExtractedFieldRow
            key={field.id}
            field={field}
            draft={draftOf(field)}
            onDraft={(value) => setDrafts((all) => ({ ...all, [field.id]: value }))}
            onValidate={() => void run([{ field, value: draftOf(field).trim() }])}
            onShowPage={onShowPage && (() => onShowPage(field))}
            editable={canAct}
            busy={validation.pending.has(field.id) || validation.progress !== null}
            active={field.id === activeFieldId}
            compact={compact}
          />
        ))}
      </ul>
      {validation.progress && (
        <Progress
          value={(validation.progress.done / validation.progress.total) * 100}
          label={t('form.progressLabel', {
            done: formatNumber(validation.progress.done),
            total: formatNumber(validation.progress.total),
          })}
        />
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {validation.progress
            ? t('form.progress', {
                done: formatNumber(validation.progress.done),
                total: formatNumber(validation.progress.total),
              })
            : outstanding.length === 0
              ? t('form.allValidated')
              : t('form.awaiting', {
                  count: fields.length,
                  outstanding: formatNumber(outstanding.length),
                  total: formatNumber(fields.length),
                })}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          {footer}
          {canAct && (
            <Button
              type="button"
              size={compact ? 'sm' : 'default'}
              onClick={() => void validateAll()}
              disabled={outstanding.length === 0 || validation.busy}
            >
              {validation.progress ? (
                <Loader2 aria-hidden className="animate-spin" />
              ) : (
                <CheckCheck aria-hidden />
              )}
              {t('form.validateAll')}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
