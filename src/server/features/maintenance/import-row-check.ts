import type { FleetColumnMapping } from '@shared/api/fleet-import';
import { isCalendarDate, type ImportRow } from '@shared/api/training-events';
import type { z } from 'zod';
import { AppError } from '../../http/errors';
import { importDate, type ImportTable } from '../training-events/service';
import { instantOf, numberOf } from './import-words';

/** A row of a fleet import, its values as they would be saved, and what is wrong with it. */
export interface CheckedFleetRow<Input> extends ImportRow {
  input: Input | null;
}

/** Names compared as people mean them: case and spacing aside. */
export const nameKey = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * One row being checked: its cells by field (rewritten as they would be saved, so the preview
 * shows what the import writes) and its problems, each naming its field in the user's words.
 */
export function rowCheck<F extends string>(
  values: Record<F, string | null>,
  labels: Record<F, string>,
) {
  const errors: ImportRow['errors'] = [];
  const problem = (field: F | null, message: string) => {
    errors.push({ field, message });
  };
  /** The field's cell read by `parse` (null when empty, or wrong with its problem). */
  const read = <T>(
    field: F,
    parse: (text: string) => T | null,
    wrong: (text: string) => string,
    shown: (value: T) => string = String,
  ): T | null => {
    const text = values[field];
    if (!text) return null;
    const value = parse(text);
    if (value === null) {
      problem(field, `${labels[field]}: ${wrong(text)}`);
      return null;
    }
    values[field] = shown(value);
    return value;
  };
  return {
    values,
    errors,
    problem,
    read,
    /** YYYY-MM-DD, not after today in any timezone. */
    date: (field: F) => {
      const iso = read(
        field,
        (t) => importDate(t),
        (t) => `"${t}" is not a date (write YYYY-MM-DD or MM/DD/YYYY)`,
      );
      if (iso && !isCalendarDate(iso)) {
        problem(field, `${labels[field]}: ${iso} is not a real calendar date`);
        return null;
      }
      return iso;
    },
    /** A date or a date and time (see `instantOf`), as an ISO instant. */
    instant: (field: F) =>
      read(
        field,
        instantOf,
        (t) =>
          `"${t}" is not a date or a date and time (write YYYY-MM-DD or YYYY-MM-DD HH:MM, UTC)`,
      ),
    /** A number not below zero (above zero when `positive`); `whole` for counts. */
    amount: (field: F, { whole = false, positive = false } = {}) => {
      const n = read(field, numberOf, (t) => `"${t}" is not a number`);
      if (n === null) return null;
      if (n < 0) problem(field, `${labels[field]}: ${n} is negative`);
      else if (positive && n === 0) problem(field, `${labels[field]}: 0 is no interval`);
      else if (whole && !Number.isInteger(n)) {
        problem(field, `${labels[field]}: ${n} is not a whole number`);
      } else return n;
      return null;
    },
    /** The shared request schema's verdict on the row, each issue beside its field. */
    parse: <S extends z.ZodType>(schema: S, request: Record<string, unknown>) => {
      const parsed = schema.safeParse(request);
      if (parsed.success) return parsed.data as z.output<S>;
      for (const issue of parsed.error.issues) {
        const field = (issue.path[0] as F | undefined) ?? null;
        const label = field && field in labels ? labels[field] : 'Value';
        problem(field && field in labels ? field : null, `${label}: ${issue.message}`);
      }
      return null;
    },
    /**
     * Runs one of the service's rules (the same the form's writes obey) and keeps the field
     * error it throws as the row's problem instead.
     */
    rule: async (check: () => unknown) => {
      try {
        await check();
      } catch (error) {
        const issue = error instanceof AppError && error.statusCode === 422 && error.issues?.[0];
        if (!issue) throw error;
        const field = issue.path in labels ? (issue.path as F) : null;
        // "Corrective action: a closed discrepancy needs…"; "FFS 2" keeps its capitals.
        const message = issue.message.replace(/^[A-Z](?=[a-z ])/, (c) => c.toLowerCase());
        problem(field, field ? `${labels[field]}: ${message}` : issue.message);
      }
    },
  };
}

/**
 * Each row of the table as its mapped fields' cells, with the problems every kind shares: cells
 * beyond the header and required fields left empty.
 */
export function rowsOf<F extends string>(
  table: ImportTable,
  mapping: FleetColumnMapping,
  fields: readonly F[],
  required: readonly F[],
  labels: Record<F, string>,
) {
  const index = fields.map((f) => (mapping[f] ? table.columns.indexOf(mapping[f]) : -1));
  return table.rows.map(({ rowNumber, cells }) => {
    const row = rowCheck(
      Object.fromEntries(
        fields.map((f, i) => [f, index[i]! >= 0 ? cells[index[i]!] || null : null]),
      ) as Record<F, string | null>,
      labels,
    );
    // Counted to the last filled cell, as the other imports count it.
    const width = cells.findLastIndex((c) => c !== '') + 1;
    if (width > table.columns.length) {
      row.problem(null, `The row has ${width} cells but the header only ${table.columns.length}`);
    }
    for (const f of required) if (!row.values[f]) row.problem(f, `${labels[f]} is missing`);
    return { rowNumber, ...row };
  });
}

export type RowCheck<F extends string> = ReturnType<typeof rowsOf<F>>[number];
