import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { t } from '../../i18n/app';
import { ApiError } from '../../lib/api';

/**
 * Shows a failed request on a form: issues the server tied to one of `fields` go next to that
 * field, anything else goes to the form as a whole.
 */
export function applyServerError<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: readonly Path<T>[],
  fallback = t('users:forms.requestFailed'),
) {
  if (!(error instanceof ApiError)) {
    setError('root', { message: fallback });
    return;
  }
  const placed = (error.body?.issues ?? []).filter((issue) =>
    (fields as readonly string[]).includes(issue.path),
  );
  for (const issue of placed) setError(issue.path as Path<T>, { message: issue.message });
  if (placed.length === 0) setError('root', { message: error.userMessage });
}

/** The form-level error line, announced to screen readers. */
export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-destructive">
      {message}
    </p>
  );
}
