import type { ExtractedDataItem } from '@shared/api/documents';
import { RECORD_FIELD_FROM_EXTRACTED, type FilledRecordField } from '@shared/api/fields';
import { t } from '../../i18n/app';
import { EMPTY_EVENT, type EventFormInput } from './event-form';

/** The form fields a document fills: the extracted fields' record fields, and the remarks. */
type TextField = FilledRecordField | 'remarks';

export interface DocumentPrefill {
  values: EventFormInput;
  /** Form fields that received a value. */
  filled: TextField[];
  /** Form fields filled from a value nobody has validated yet. */
  unvalidated: TextField[];
}

const valueOf = (item: ExtractedDataItem) => (item.validatedValue ?? item.extractedValue).trim();

/** Validated before unvalidated, then the more confident reading. */
function better(a: ExtractedDataItem, b: ExtractedDataItem) {
  if ((a.validatedAt !== null) !== (b.validatedAt !== null)) return a.validatedAt !== null;
  return a.confidenceScore > b.confidenceScore;
}

/** The record status an extracted result implies; a grade alone implies none. */
export function statusOfResult(result: string): EventFormInput['status'] | undefined {
  if (/^(unsatisfactory|fail)/i.test(result)) return 'failed';
  if (/^incomplete/i.test(result)) return 'pending';
  if (/^(satisfactory|pass)/i.test(result)) return 'completed';
  return undefined;
}

/**
 * The New training event form, filled from a document's extracted fields: the validated value
 * where a person confirmed or corrected it, the extracted one otherwise (and said so). The
 * certificate type has no field of its own in a 142.73 record, so it goes to the remarks.
 */
export function prefillFromDocument(
  documentId: string,
  items: ExtractedDataItem[],
): DocumentPrefill {
  const best = new Map<string, ExtractedDataItem>();
  for (const item of items) {
    if (!valueOf(item)) continue;
    const current = best.get(item.fieldName);
    if (!current || better(item, current)) best.set(item.fieldName, item);
  }

  const values: EventFormInput = { ...EMPTY_EVENT, sourceDocumentId: documentId };
  const filled: TextField[] = [];
  const unvalidated: TextField[] = [];
  const fill = (field: TextField, value: string, item: ExtractedDataItem) => {
    values[field] = value;
    filled.push(field);
    if (item.validatedAt === null) unvalidated.push(field);
  };
  for (const [fieldName, target] of Object.entries(RECORD_FIELD_FROM_EXTRACTED)) {
    const item = best.get(fieldName);
    if (item && target) fill(target, valueOf(item), item);
  }
  // The outcome decides the record's status: a failed check is a failed event, not a completed one.
  const outcome = best.get('result');
  const status = outcome ? statusOfResult(valueOf(outcome)) : undefined;
  if (status) values.status = status;
  const certificate = best.get('certificateType');
  if (certificate) {
    // Written into the remarks the person saves, in the language they are working in.
    fill(
      'remarks',
      t('records:prefill.certificateType', { value: valueOf(certificate) }),
      certificate,
    );
  }
  return { values, filled, unvalidated };
}
