import { useQueryClient } from '@tanstack/react-query';
import { FileUp, Upload } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChecklistChangeEntry, ImportResult } from '@shared/api/checklist';
import { CHECKLIST_STATUSES } from '@shared/checklist/types';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import { sendImport } from './import-export';
import { CHECKLIST_KEY } from './use-checklist';

function describeChange(t: TFunction, change: ChecklistChangeEntry): string {
  if (change.field === 'status') {
    const known = (CHECKLIST_STATUSES as readonly (string | null)[]).includes(change.to);
    return t('import.change.status', {
      status: known ? t(`status.${change.to}`) : change.to,
    });
  }
  const field = change.field === 'comments' ? 'comments' : 'findings';
  return t(`import.change.${field}${change.to ? 'Updated' : 'Cleared'}`);
}

/** Import Checklist: preview first (row errors listed), then import everything or nothing. */
export function ImportDialog() {
  const { t } = useTranslation('checklist');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const reset = () => {
    setFile(null);
    setPreview(null);
    setMessage(null);
    if (input.current) input.current.value = '';
  };

  const run = async (chosen: File, dryRun: boolean) => {
    setBusy(true);
    setMessage(null);
    try {
      const answer = await sendImport(chosen, dryRun);
      if (!answer.ok) {
        setMessage(answer.message);
        if (answer.result) setPreview(answer.result);
        return;
      }
      if (dryRun) {
        setPreview(answer.result);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: CHECKLIST_KEY });
      toast({
        title: t('import.imported'),
        description: t('import.importedDescription', {
          changed: formatNumber(answer.result.summary.changed),
          rows: formatNumber(answer.result.summary.rows),
          file: chosen.name,
        }),
      });
      setOpen(false);
      reset();
    } catch (error) {
      setPreview(null);
      setMessage(error instanceof ApiError ? error.userMessage : t('import.notSent'));
    } finally {
      setBusy(false);
    }
  };

  const shownRows = preview?.rows.filter((r) => r.error || r.changes.length > 0) ?? [];
  const canImport = preview !== null && preview.summary.errors === 0 && preview.summary.changed > 0;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <Upload /> {t('import.trigger')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('import.title')}</DialogTitle>
          <DialogDescription>{t('import.description')}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap items-center gap-3">
          <input
            ref={input}
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-label={t('import.fileInput')}
            className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-card file:px-3 file:py-1.5 file:text-sm"
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              setFile(chosen);
              setPreview(null);
              if (chosen) void run(chosen, true);
            }}
          />
          {busy && <span className="text-sm text-muted-foreground">{t('import.reading')}</span>}
        </div>
        {message && (
          <p
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900"
          >
            {message}
          </p>
        )}
        {preview && (
          <div className="grid gap-2">
            <p className="text-sm" aria-live="polite">
              {t('import.summary', {
                rows: t('import.rows', { count: preview.summary.rows }),
                changed: formatNumber(preview.summary.changed),
                unchanged: formatNumber(preview.summary.unchanged),
                errors: t('import.errors', { count: preview.summary.errors }),
              })}
              {preview.columns.ignored.length > 0 &&
                ` ${t('import.skipped', { columns: preview.columns.ignored.join(', ') })}`}
            </p>
            {shownRows.length > 0 && (
              <div className="max-h-72 overflow-y-auto rounded-md border">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">{t('import.tableCaption')}</caption>
                  <thead className="sticky top-0 bg-muted text-xs">
                    <tr>
                      <th className="px-3 py-2">{t('import.row')}</th>
                      <th className="px-3 py-2">{t('import.item')}</th>
                      <th className="px-3 py-2">{t('import.result')}</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y">
                    {shownRows.map((row) => (
                      <tr key={row.row} className={row.error ? 'bg-red-50/60' : undefined}>
                        <td className="px-3 py-1.5 tabular-nums">{row.row}</td>
                        <td className="px-3 py-1.5 font-mono text-xs">{row.itemNumber || '—'}</td>
                        <td className="px-3 py-1.5">
                          {row.error ? (
                            <span className="text-red-800">{row.error}</span>
                          ) : (
                            row.changes.map((change) => describeChange(t, change)).join('; ')
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            {t('import.cancel')}
          </Button>
          <Button
            disabled={!canImport || busy || !file}
            onClick={() => file && void run(file, false)}
          >
            <FileUp />
            {preview
              ? t('import.importChanges', { count: preview.summary.changed })
              : t('import.import')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
