import { CheckCircle2, FileUp, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FLEET_IMPORT_CAPABILITY,
  FLEET_IMPORT_KINDS,
  type FleetColumnMapping,
  type FleetImportKind,
  type FleetImportPreview,
  type FleetImportResult,
} from '@shared/api/fleet-import';
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
import { t } from '../../i18n/app';
import { formatNumber } from '../../lib/format';
import { cn } from '../../lib/utils';
import { useAuth } from '../auth/use-auth';
import { ImportPreviewCard } from '../records/ImportPreviewCard';
import { useFleetImportViews, type FleetImportKindView } from './fleet-import-kinds';
import { ImportProblemAlert, type ImportProblem as Problem } from './ImportProblemAlert';
import { useCommitFleetImport, usePreviewFleetImport } from './use-import-fleet';

const MB = IMPORT_MAX_BYTES / 1024 / 1024;

/** Refused before upload: what the server would refuse anyway, said sooner. */
function fileProblem(file: File): string | null {
  if (!/\.(csv|xlsx)$/i.test(file.name)) {
    return t('fleet-import:dialog.notSpreadsheet', { name: file.name });
  }
  if (file.size > IMPORT_MAX_BYTES) {
    return t('fleet-import:dialog.tooLarge', { name: file.name, mb: formatNumber(MB) });
  }
  return null;
}

/** The kinds of file, those the role may not import shown but not offered. */
function KindChoice({
  views,
  kind,
  allowed,
  disabled,
  onChange,
}: {
  views: Record<FleetImportKind, FleetImportKindView>;
  kind: FleetImportKind;
  allowed: (kind: FleetImportKind) => boolean;
  disabled: boolean;
  onChange: (kind: FleetImportKind) => void;
}) {
  const { t } = useTranslation('fleet-import');
  const name = useId();
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium">{t('dialog.kindLegend')}</legend>
      <div className="flex flex-wrap gap-2">
        {FLEET_IMPORT_KINDS.map((k) => (
          <label
            key={k}
            className={cn(
              'flex items-center gap-2 rounded-md border px-3 py-1.5 text-sm',
              k === kind && 'border-primary bg-primary/5',
              allowed(k) ? 'cursor-pointer' : 'cursor-not-allowed opacity-60',
            )}
          >
            <input
              type="radio"
              name={name}
              value={k}
              checked={k === kind}
              disabled={!allowed(k)}
              onChange={() => onChange(k)}
            />
            {views[k].label}
            {!allowed(k) && (
              <span className="text-xs text-muted-foreground">{t('dialog.adminsOnly')}</span>
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The fleet's history from a spreadsheet: choose what the file holds (the device list, the
 * discrepancy log or the maintenance log) and the file, see every row as it would be saved with
 * its problems, then import every row or none. Renders nothing for a role that may import none.
 */
export function ImportFleetDialog() {
  const { t } = useTranslation('fleet-import');
  const views = useFleetImportViews();
  const { can } = useAuth();
  const allowed = (k: FleetImportKind) => can(FLEET_IMPORT_CAPABILITY[k]);
  const firstAllowed = FLEET_IMPORT_KINDS.find(allowed);
  const [open, setOpen] = useState(false);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [chosenKind, setKind] = useState<FleetImportKind | null>(null);
  const kind = chosenKind && allowed(chosenKind) ? chosenKind : (firstAllowed ?? 'discrepancies');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<FleetImportPreview | null>(null);
  const [result, setResult] = useState<FleetImportResult | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  // Only the answer to the latest request counts (a new file, kind or mapping, a closed dialog).
  const attempt = useRef(0);
  const previewing = usePreviewFleetImport();
  const committing = useCommitFleetImport();
  if (!firstAllowed) return null;
  const view = views[kind];

  const check = (of: FleetImportKind, chosen: File, mapping?: Partial<FleetColumnMapping>) => {
    const current = ++attempt.current;
    setProblem(null);
    previewing.mutate(
      { kind: of, file: chosen, mapping },
      {
        onSuccess: (answer) => current === attempt.current && setPreview(answer),
        onError: (detail) =>
          current === attempt.current &&
          setProblem({ title: t('dialog.problems.preview'), detail }),
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
      setProblem({ title: t('dialog.problems.file'), detail: new Error(refused) });
      return;
    }
    setFile(chosen);
    check(kind, chosen);
  };

  /** Another kind reads the same file afresh: its own fields, its own proposed mapping. */
  const onKind = (next: FleetImportKind) => {
    setKind(next);
    setResult(null);
    setPreview(null);
    if (file) check(next, file);
  };

  const commit = () => {
    if (!file || !preview) return;
    setProblem(null);
    committing.mutate(
      { kind: preview.kind, file, mapping: preview.mapping },
      {
        onSuccess: (done) => {
          clearFile();
          setResult(done);
        },
        onError: (detail) => setProblem({ title: t('dialog.problems.commit'), detail }),
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
          <Upload aria-hidden /> {t('dialog.trigger')}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-5xl">
        <DialogHeader>
          <DialogTitle>{t('dialog.title')}</DialogTitle>
          <DialogDescription>
            {t('dialog.description', {
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
                {t(`dialog.imported.${result.kind}`, { count: result.imported })}
              </p>
              <p className="text-sm">{t('dialog.importedBody')}</p>
              <DialogClose asChild>
                <Button size="sm" className="w-fit" autoFocus>
                  {t('dialog.done')}
                </Button>
              </DialogClose>
            </div>
          </div>
        )}

        <KindChoice
          views={views}
          kind={kind}
          allowed={allowed}
          disabled={committing.isPending}
          onChange={onKind}
        />
        <p className="text-xs text-muted-foreground">{view.help}</p>

        <div className="grid gap-2">
          <Label htmlFor={inputId}>{t(`dialog.fileLabel.${kind}`)}</Label>
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
                <Spinner label={t('dialog.reading')} /> {t('dialog.readingNow')}
              </span>
            )}
          </div>
          {!preview && !previewing.isPending && !result && (
            <p className="flex items-center gap-2 text-xs text-muted-foreground">
              <FileUp aria-hidden className="size-3.5 shrink-0" /> {t('dialog.chooseHint')}
            </p>
          )}
        </div>

        {problem && <ImportProblemAlert problem={problem} />}
        {preview && (
          <ImportPreviewCard
            subject={views[preview.kind].subject}
            preview={preview}
            busy={previewing.isPending}
            committing={committing.isPending}
            onMapping={(mapping) => file && check(preview.kind, file, mapping)}
            onCommit={commit}
            onReset={() => clearFile()}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
