const LABELS: Record<string, string> = {
  create_training_event: 'Training event created',
  upload_document: 'Document uploaded',
  validate_data: 'Data validated',
};

/** Spec §4: the three known actions get labels; any other shows with underscores as spaces. */
export function activityLabel(action: string): string {
  return LABELS[action] ?? action.replaceAll('_', ' ');
}

const DETAIL_FIELDS = ['studentName', 'eventType', 'filename', 'validatedValue'] as const;

/** A short line from the entry's details (spec §3 fields), or null when it has none of them. */
export function activityDetail(details: Record<string, unknown>): string | null {
  const parts = DETAIL_FIELDS.map((key) => details[key]).filter(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  return parts.length ? parts.join(' · ') : null;
}
