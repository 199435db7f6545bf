import { useState } from 'react';
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
          <Label htmlFor="only-errors">Show only rows with errors</Label>
        </div>
      )}
      <Table aria-label="Rows of the file">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Row</TableHead>
            <TableHead>Problems</TableHead>
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
                    <span className="text-green-700">Ready</span>
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
          Showing the first {SHOWN_ROWS} of {list.length} rows.
          {withErrors > 0 && !onlyErrors && ' Show only rows with errors to see every problem.'}
        </p>
      )}
    </div>
  );
}
