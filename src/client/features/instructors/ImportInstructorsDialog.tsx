import type { TFunction } from 'i18next';
import { CheckCircle2, FileUp, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  INSTRUCTOR_IMPORT_FIELDS,
  REQUIRED_INSTRUCTOR_IMPORT_FIELDS,
  type InstructorColumnMapping,
  type InstructorImportField,
  type InstructorImportPreview,
  type InstructorImportResult,
} from '@shared/api/instructors';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@shared/api/training-events';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import { ImportPreviewCard, type ImportSubject } from '../records/ImportPreviewCard';
import { useCommitInstructorImport, usePreviewInstructorImport } from './use-import-instructors';

const MB = IMPORT_MAX_BYTES / 1024 / 1024;

/** What the preview card calls the rows, in the reader's language (built when drawn). */
const instructorFiles = (t: TFunction): ImportSubject<InstructorImportField> => ({
  fields: INSTRUCTOR_IMPORT_FIELDS,
  labels: Object.fromEntries(
    INSTRUCTOR_IMPORT_FIELDS.map((field) => [field, t(`instructors:importFields.${field}`)]),
  ) as Record<InstructorImportField, string>,
  required: REQUIRED_INSTRUCTOR_IMPORT_FIELDS,
  one: t('instructors:import.subject.one'),
  many: t('instructors:import.subject.many'),
  recordedOnce: t('instructors:import.subject.recordedOnce'),
});

/** Refused before upload: what the server would refuse anyway, said sooner. */
function fileProblem(t: TFunction, file: File): string | null {
  if (!/\.(csv|xlsx)$/i.test(file.name)) {
    return t('instructors:import.notSpreadsheet', { name: file.name });
  }
  if (file.size > IMPORT_MAX_BYTES) {
    return t('instructors:import.tooLarge', { name: file.name, mb: formatNumber(MB) });
  }
  return null;
}

interface Problem {
  title: string;
  detail: unknown;
}

/** The server's message and, for a refused commit, the first of the rows' problems. */
function ProblemAlert({ problem }: { problem: Problem }) {
  const { t } = useTranslation('instructors');
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
          {issues.length > 10 && <li>{t('import.moreIssues', { count: issues.length - 10 })}</li>}
        </ul>
      )}
    </div>
  );
}

/**
 * A centre's roster of instructors and evaluators from a spreadsheet: choose the file, see every
 * row as it would be saved with its problems, then import every file or none.
 */
export function ImportInstructorsDialog() {
  const { t } = useTranslation('instructors');
  const [open, setOpen] = useState(false);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<InstructorImportPreview | null>(null);
  const [result, setResult] = useState<InstructorImportResult | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  // Only the answer to the latest request counts (a new file, a new mapping, a closed dialog).
  const attempt = useRef(0);
  const previewing = usePreviewInstructorImport();
  const committing = useCommitInstructorImport();

  const check = (chosen: File, mapping?: InstructorColumnMapping) => {
    const current = ++attempt.current;
    setProblem(null);
    previewing.mutate(
      { file: chosen, mapping },
      {
        onSuccess: (answer) => current === attempt.current && setPreview(answer),
        onError: (detail) =>
          current === attempt.current && setProblem({ title: t('import.previewFailed'), detail }),
      },
    );
  };

  /** Forgets the file and its preview; `keepInput` leaves the box showing a file just chosen. */
  const clearFile = ({ keepInput = false } = {}) => {
    attempt.current += 1;
    setFile(null);
    setPreview(null);
    setProblem(null);
    if (input.current && !keepInput) input.current.value = '';
  };

  const onFile = (chosen: File | undefined) => {
    if (!chosen) return;
    clearFile({ keepInput: true });
    setResult(null);
    const refused = fileProblem(t, chosen);
    if (refused) {
      setProblem({ title: t('import.chooseAnother'), detail: new Error(refused) });
      return;
    }
    setFile(chosen);
    check(chosen);
  };

  const commit = () => {
    if (!file || !preview) return;
    setProblem(null);
    committing.mutate(
      { file, mapping: preview.mapping },
      {
        onSuccess: (done) => {
          clearFile();
          setResult(done);
        },
        onError: (detail) => setProblem({ title: t('import.nothingImported'), detail }),
      },
    );
  };

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      clearFile();
      setResult(null);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Upload aria-hidden /> {t('import.open')}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-5xl">
        <DialogHeader>
          <DialogTitle>{t('import.title')}</DialogTitle>
          <DialogDescription>
            {t('import.description', {
              mb: formatNumber(MB),
              rows: formatNumber(IMPORT_MAX_ROWS),
            })}
          </DialogDescription>
        </DialogHeader>

        {result && (
          <div role="status" className="flex gap-2 rounded-md bg-green-50 p-4 text-green-900">
            <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-green-700" />
            <div className="grid gap-2">
              <p className="font-semibold">
                {t('import.imported', {
                  count: result.imported,
                  n: formatNumber(result.imported),
                })}
              </p>
              <p className="text-sm">{t('import.importedHint')}</p>
              <DialogClose asChild>
                <Button size="sm" className="w-fit" autoFocus>
                  {t('import.done')}
                </Button>
              </DialogClose>
            </div>
          </div>
        )}

        <div className="grid gap-2">
          <Label htmlFor={inputId}>{t('import.fileLabel')}</Label>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <Input
              ref={input}
              id={inputId}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(event) => onFile(event.target.files?.[0])}
              className="cursor-pointer sm:max-w-md file:mr-2 file:rounded file:border-0 file:bg-muted file:px-2 file:py-1"
            />
            {previewing.isPending && !preview && (
              <span className="flex items-center gap-2 text-sm text-muted-foreground">
                <Spinner label={t('import.readingLabel')} /> {t('import.reading')}
              </span>
            )}
          </div>
          {!preview && !previewing.isPending && !result && (
            <p className="flex items-center gap-2 text-xs text-muted-foreground">
              <FileUp aria-hidden className="size-3.5 shrink-0" /> {t('import.hint')}
            </p>
          )}
        </div>

        {problem && <ProblemAlert problem={problem} />}
        {preview && (
          <ImportPreviewCard
            subject={instructorFiles(t)}
            preview={preview}
            busy={previewing.isPending}
            committing={committing.isPending}
            onMapping={(mapping) => file && check(file, mapping)}
            onCommit={commit}
            onReset={() => clearFile()}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
