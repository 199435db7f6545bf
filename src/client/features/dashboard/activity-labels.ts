import { i18n, t } from '../../i18n/app';

/** The actions with a label of their own: `dashboard:activity.<action>`. */
const LABELLED = new Set(['create_training_event', 'upload_document', 'validate_data']);

/**
 * Spec §4: the three known actions get labels; any other shows with underscores as spaces, in
 * English as the spec has it and in the reader's words in Spanish and French
 * (`dashboard:activity.actions.<action>`). An action this client does not know yet shows as sent.
 */
export function activityLabel(action: string): string {
  if (LABELLED.has(action)) return t(`dashboard:activity.${action}`);
  const key = `dashboard:activity.actions.${action}`;
  return i18n.exists(key) ? t(key) : action.replaceAll('_', ' ');
}

const DETAIL_FIELDS = ['studentName', 'eventType', 'filename', 'validatedValue'] as const;

/** A short line from the entry's details (spec §3 fields), or null when it has none of them. */
export function activityDetail(details: Record<string, unknown>): string | null {
  const parts = DETAIL_FIELDS.map((key) => details[key]).filter(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  return parts.length ? parts.join(' · ') : null;
}
