import { CheckCircle2, FileUp, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import {
  INSTRUCTOR_IMPORT_FIELD_LABELS,
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
import { ImportPreviewCard, type ImportSubject } from '../records/ImportPreviewCard';
import { useCommitInstructorImport, usePreviewInstructorImport } from './use-import-instructors';

const MB = IMPORT_MAX_BYTES / 1024 / 1024;

const INSTRUCTOR_FILES: ImportSubject<InstructorImportField> = {
  fields: INSTRUCTOR_IMPORT_FIELDS,
  labels: INSTRUCTOR_IMPORT_FIELD_LABELS,
  required: REQUIRED_INSTRUCTOR_IMPORT_FIELDS,
  one: 'instructor file',
  many: 'instructor files',
  recordedOnce: 'no one gets a second file',
};

const files = (n: number) => `${n} instructor ${n === 1 ? 'file' : 'files'}`;

/** Refused before upload: what the server would refuse anyway, said sooner. */
function fileProblem(file: File): string | null {
  if (!/\.(csv|xlsx)$/i.test(file.name)) return `${file.name} is not a CSV or XLSX file.`;
  if (file.size > IMPORT_MAX_BYTES) return `${file.name} is larger than ${MB} MB.`;
  return null;
}

interface Problem {
  title: string;
  detail: unknown;
}

/** The server's message and, for a refused commit, the first of the rows' problems. */
function ProblemAlert({ problem }: { problem: Problem }) {
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
          {issues.length > 10 && <li>and {issues.length - 10} more</li>}
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
          current === attempt.current &&
          setProblem({ title: 'The file could not be previewed', detail }),
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
    const refused = fileProblem(chosen);
    if (refused) {
      setProblem({ title: 'Choose another file', detail: new Error(refused) });
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
        onError: (detail) => setProblem({ title: 'Nothing was imported', detail }),
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
          <Upload aria-hidden /> Import
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-5xl">
        <DialogHeader>
          <DialogTitle>Import instructors</DialogTitle>
          <DialogDescription>
            A CSV or XLSX file with a header row and one instructor or evaluator per row: name, role
            and the date employment began are required; end of employment, e-mail (of a member of
            your organization), certificates, and a designated course with its device and date
            (142.47(b)) are optional. Up to {MB} MB and {IMPORT_MAX_ROWS.toLocaleString('en-US')}{' '}
            rows. Nothing is saved until you import, and then every file is saved or none.
          </DialogDescription>
        </DialogHeader>

        {result && (
          <div role="status" className="flex gap-2 rounded-md bg-green-50 p-4 text-green-900">
            <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-green-700" />
            <div className="grid gap-2">
              <p className="font-semibold">Imported {files(result.imported)}</p>
              <p className="text-sm">
                They are in the list now; open a person’s file to add qualifications.
              </p>
              <DialogClose asChild>
                <Button size="sm" className="w-fit" autoFocus>
                  Done
                </Button>
              </DialogClose>
            </div>
          </div>
        )}

        <div className="grid gap-2">
          <Label htmlFor={inputId}>Roster file (CSV or XLSX)</Label>
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
                <Spinner label="Reading the file" /> Reading the file…
              </span>
            )}
          </div>
          {!preview && !previewing.isPending && !result && (
            <p className="flex items-center gap-2 text-xs text-muted-foreground">
              <FileUp aria-hidden className="size-3.5 shrink-0" /> Choose a file to see every row
              and its problems before anything is saved. Role reads instructor, evaluator or both
              (“Instructor/Evaluator” too); dates YYYY-MM-DD or MM/DD/YYYY.
            </p>
          )}
        </div>

        {problem && <ProblemAlert problem={problem} />}
        {preview && (
          <ImportPreviewCard
            subject={INSTRUCTOR_FILES}
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
