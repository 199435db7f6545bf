import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';

/** What went wrong, under a title saying what it means for the import. */
export interface ImportProblem {
  title: string;
  detail: unknown;
}

/** The server's message and, for a refused commit, the first of the rows' problems. */
export function ImportProblemAlert({ problem }: { problem: ImportProblem }) {
  const { t } = useTranslation('fleet-import');
  const { detail } = problem;
  const issues = detail instanceof ApiError ? (detail.body?.issues ?? []) : [];
  const message =
    detail instanceof ApiError
      ? detail.userMessage
      : detail instanceof Error
        ? detail.message
        : String(detail);
  return (
    <div
      role="alert"
      className="rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive"
    >
      <p className="font-semibold">{problem.title}</p>
      <p>{message}</p>
      {issues.length > 0 && (
        <ul className="mt-1 list-disc pl-5 text-xs">
          {issues.slice(0, 10).map((issue, i) => (
            <li key={i}>
              {issue.path}: {issue.message}
            </li>
          ))}
          {issues.length > 10 && <li>{t('problem.more', { count: issues.length - 10 })}</li>}
        </ul>
      )}
    </div>
  );
}
