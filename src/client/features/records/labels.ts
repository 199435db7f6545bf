import type { TFunction } from 'i18next';
import { RECORD_FIELD_LABELS, type RecordField } from '@shared/api/fields';
import { TRAINING_EVENT_STATUSES } from '@shared/api/training-events';

type LabelledField = keyof typeof RECORD_FIELD_LABELS;

const isLabelledField = (field: string): field is LabelledField =>
  Object.hasOwn(RECORD_FIELD_LABELS, field);

/**
 * A record field's label in the reader's language (`records:fields.*` holds one per field of
 * `RECORD_FIELD_LABELS`); a name that is not one (an older ledger entry's) reads as itself.
 */
export function recordFieldLabel(t: TFunction, field: string): string {
  return isLabelledField(field) ? t(`records:fields.${field}`) : field;
}

/** Every record field's label, for the import's mapping and preview. */
export function recordFieldLabels(t: TFunction): Record<RecordField, string> {
  return Object.fromEntries(
    (Object.keys(RECORD_FIELD_LABELS) as LabelledField[]).map((f) => [f, recordFieldLabel(t, f)]),
  ) as Record<RecordField, string>;
}

/** A training event's status as a word; a value outside the enum reads as itself. */
export function statusWord(t: TFunction, status: string): string {
  return (TRAINING_EVENT_STATUSES as readonly string[]).includes(status)
    ? t(`records:statusWord.${status}`)
    : status;
}
