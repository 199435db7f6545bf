import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportRow } from '@shared/api/training-events';
import { Switch } from '../../components/ui/misc';
import { Label } from '../../components/ui/label';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { formatNumber } from '../../lib/format';
import { cn } from '../../lib/utils';
import type { FieldMapping, ImportFieldSet } from './ImportMapping';

/** Rows drawn at once; a 5,000-row file is summarised above, not drawn whole. */
const SHOWN_ROWS = 200;

/** The rows as they would be saved, each problem beside its row and the faulty cell marked. */
export function ImportPreviewTable<F extends string>({
  fieldSet,
  rows,
  mapping,
}: {
  fieldSet: ImportFieldSet<F>;
  rows: ImportRow[];
  mapping: FieldMapping<F>;
}) {
  const { t } = useTranslation('records');
  const withErrors = rows.filter((r) => r.errors.length > 0).length;
  const [onlyErrors, setOnlyErrors] = useState(false);
  const fields = fieldSet.fields.filter((f) => mapping[f]);
  const list = onlyErrors ? rows.filter((r) => r.errors.length > 0) : rows;
  const shown = list.slice(0, SHOWN_ROWS);

  return (
    <div className="grid gap-3">
      {withErrors > 0 && (
        <div className="flex items-center gap-2">
          <Switch id="only-errors" checked={onlyErrors} onCheckedChange={setOnlyErrors} />
          <Label htmlFor="only-errors">{t('importPreview.onlyErrors')}</Label>
        </div>
      )}
      <Table aria-label={t('importPreview.tableLabel')}>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>{t('importPreview.row')}</TableHead>
            <TableHead>{t('importPreview.problems')}</TableHead>
            {fields.map((f) => (
              <TableHead key={f} className="whitespace-nowrap">
                {fieldSet.labels[f]}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {shown.map((row) => {
            const bad = new Set(row.errors.map((e) => e.field));
            return (
              <TableRow
                key={row.rowNumber}
                className={row.errors.length ? 'bg-red-50/70 hover:bg-red-50' : undefined}
                data-row={row.rowNumber}
              >
                <TableCell className="tabular-nums text-muted-foreground">
                  {row.rowNumber}
                </TableCell>
                <TableCell className="min-w-48 text-xs">
                  {row.errors.length === 0 ? (
                    <span className="text-green-700">{t('importPreview.ready')}</span>
                  ) : (
                    <ul className="grid gap-0.5 text-destructive">
                      {row.errors.map((e, i) => (
                        <li key={i}>{e.message}</li>
                      ))}
                    </ul>
                  )}
                </TableCell>
                {fields.map((f) => (
                  <TableCell
                    key={f}
                    className={cn(
                      'max-w-48 truncate text-xs',
                      bad.has(f) && 'font-medium text-destructive',
                    )}
                    title={row.values[f] ?? undefined}
                  >
                    {row.values[f] ?? <span className="text-muted-foreground">—</span>}
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {list.length > SHOWN_ROWS && (
        <p className="text-xs text-muted-foreground">
          {t('importPreview.truncated', {
            shown: formatNumber(SHOWN_ROWS),
            total: formatNumber(list.length),
          })}
          {withErrors > 0 && !onlyErrors && ` ${t('importPreview.truncatedHint')}`}
        </p>
      )}
    </div>
  );
}
