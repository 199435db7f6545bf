/**
 * `npm run bench:audit -- --eval [file]`: the audit assistant against labelled cases (default
 * bench/audit-eval/cases.json). Each case is one checklist item in a fresh organization holding
 * only the case's documents and training events (checklist response pending); the item's verdict
 * is compared with the case's `expected` status.
 *
 * Prints precision and recall of COMPLIANT (the positive class: a false COMPLIANT is the worst
 * error the assistant can make), the 4×4 confusion matrix, accuracy per situation, every false
 * COMPLIANT with its reasons, and the other mismatches in one line each.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { COMPLIANCE_STATUSES, type ComplianceStatus } from '../../src/shared/api/audit';
import { CURRENT_CATALOGUE } from '../../src/shared/checklist/catalogue';
import { openDatabase, type Database } from '../../src/server/db/client';
import { organizations } from '../../src/server/db/schema';
import { analyzeOrganization } from '../../src/server/features/audit/analyze';
import { seedDocument, seedEvents, type SeedEvent } from '../../src/server/test/audit/seed';

const SITUATIONS = ['none', 'keywords', 'satisfies', 'negative'] as const;

/** A text field a case may leave out or set to null. */
const optionalText = z
  .string()
  .nullish()
  .transform((v) => v ?? undefined);

const caseSchema = z.object({
  id: z.string(),
  item: z.string(),
  situation: z.enum(SITUATIONS),
  documents: z
    .array(z.object({ name: z.string(), pages: z.array(z.string()) }))
    .optional()
    .default([]),
  events: z
    .array(
      z.object({
        studentName: z.string(),
        course: optionalText,
        eventType: z.string(),
        eventDate: z.string(),
        // Any status is seeded as written; the checks judge completed and failed events.
        status: optionalText as z.ZodType<SeedEvent['status']>,
        result: optionalText,
        instructor: optionalText,
        evaluator: optionalText,
        licenseNumber: optionalText,
        remarks: optionalText,
      }),
    )
    .optional()
    .default([]),
  expected: z.enum(COMPLIANCE_STATUSES),
  why: z.string().optional().default(''),
});
const casesFile = z.object({ cases: z.array(caseSchema) });
type EvalCase = z.infer<typeof caseSchema>;

interface Outcome {
  case: EvalCase;
  got: ComplianceStatus;
  reasons: string;
}

const DEFAULT_FILE = new URL('./cases.json', import.meta.url);
const SHORT: Record<ComplianceStatus, string> = {
  COMPLIANT: 'C',
  PARTIAL: 'P',
  NON_COMPLIANT: 'NC',
  INSUFFICIENT_DATA: 'ID',
};

const percent = (part: number, whole: number) =>
  whole === 0 ? 'n/a' : `${((part / whole) * 100).toFixed(1)}%`;

function loadCases(file: string | URL): EvalCase[] {
  const parsed = casesFile.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    throw new Error(`${String(file)} is not a cases file: ${z.prettifyError(parsed.error)}`);
  }
  const known = new Set(CURRENT_CATALOGUE.items.map((i) => i.number));
  const unknown = parsed.data.cases.filter((c) => !known.has(c.item));
  if (unknown.length) {
    throw new Error(
      `Unknown checklist items: ${unknown.map((c) => `${c.id} (${c.item})`).join(', ')}`,
    );
  }
  return parsed.data.cases;
}

async function runCase(db: Database, evalCase: EvalCase): Promise<Outcome> {
  const [organization] = await db
    .insert(organizations)
    .values({ name: `Eval ${evalCase.id}`, plan: 'enterprise' })
    .returning();
  for (const doc of evalCase.documents) {
    await seedDocument(db, organization!.id, doc.name, doc.pages);
  }
  await seedEvents(db, organization!.id, evalCase.events);
  const result = await analyzeOrganization(db, organization!.id, {
    organizationName: organization!.name,
    onlyItems: [evalCase.item],
  });
  const analysis = result.analyses.find((a) => a.checklistItemId === evalCase.item)!;
  return { case: evalCase, got: analysis.complianceStatus, reasons: analysis.preliminaryResponse };
}

function report(outcomes: Outcome[]): string[] {
  const lines: string[] = [];
  const isC = (s: ComplianceStatus) => s === 'COMPLIANT';
  const tp = outcomes.filter((o) => isC(o.got) && isC(o.case.expected)).length;
  const fp = outcomes.filter((o) => isC(o.got) && !isC(o.case.expected)).length;
  const fn = outcomes.filter((o) => !isC(o.got) && isC(o.case.expected)).length;
  const correct = outcomes.filter((o) => o.got === o.case.expected).length;
  lines.push(
    `cases: ${outcomes.length}; exact status: ${correct} (${percent(correct, outcomes.length)})`,
    `COMPLIANT precision: ${percent(tp, tp + fp)} (${tp} of ${tp + fp} called COMPLIANT were COMPLIANT)`,
    `COMPLIANT recall:    ${percent(tp, tp + fn)} (${tp} of ${tp + fn} COMPLIANT cases were called COMPLIANT)`,
    '',
    'confusion matrix (rows: expected, columns: got)',
  );
  const width = 20;
  lines.push(
    ''.padEnd(width) + COMPLIANCE_STATUSES.map((s) => SHORT[s].padStart(6)).join('') + '   total',
  );
  for (const expected of COMPLIANCE_STATUSES) {
    const row = outcomes.filter((o) => o.case.expected === expected);
    lines.push(
      expected.padEnd(width) +
        COMPLIANCE_STATUSES.map((got) =>
          String(row.filter((o) => o.got === got).length).padStart(6),
        ).join('') +
        String(row.length).padStart(8),
    );
  }
  lines.push('', 'accuracy per situation');
  for (const situation of SITUATIONS) {
    const inSituation = outcomes.filter((o) => o.case.situation === situation);
    if (inSituation.length === 0) continue;
    const right = inSituation.filter((o) => o.got === o.case.expected).length;
    const falseC = inSituation.filter((o) => isC(o.got) && !isC(o.case.expected)).length;
    lines.push(
      `  ${situation.padEnd(10)} ${String(right).padStart(4)} of ${String(inSituation.length).padEnd(4)} ${percent(right, inSituation.length).padStart(7)}   false COMPLIANT: ${falseC}`,
    );
  }
  const falseCompliant = outcomes.filter((o) => isC(o.got) && !isC(o.case.expected));
  lines.push('', `false COMPLIANT: ${falseCompliant.length}`);
  for (const o of falseCompliant) {
    lines.push(
      `  ${o.case.id} (item ${o.case.item}, ${o.case.situation}; expected ${o.case.expected})`,
      `    why expected: ${o.case.why}`,
      `    reasons: ${o.reasons}`,
    );
  }
  const otherMisses = outcomes.filter((o) => o.got !== o.case.expected && !isC(o.got));
  lines.push('', `other mismatches: ${otherMisses.length}`);
  for (const o of otherMisses) {
    lines.push(
      `  ${o.case.id}: expected ${SHORT[o.case.expected]}, got ${SHORT[o.got]} (${o.case.situation})`,
    );
  }
  return lines;
}

/**
 * Half of a set's items, alternately in catalogue order (the first, third, … item make half a):
 * a held-out set is studied on one half only, and the other half keeps measuring.
 */
export function halfOf(cases: EvalCase[], half: 'a' | 'b'): EvalCase[] {
  const order = new Map(CURRENT_CATALOGUE.items.map((item, i) => [item.number, i]));
  const items = [...new Set(cases.map((c) => c.item))].sort(
    (x, y) => order.get(x)! - order.get(y)!,
  );
  const chosen = new Set(items.filter((_, i) => (i % 2 === 0) === (half === 'a')));
  return cases.filter((c) => chosen.has(c.item));
}

export async function runAuditEval(
  file?: string,
  options: { verbose?: boolean; half?: 'a' | 'b' } = {},
): Promise<void> {
  const all = loadCases(file ?? DEFAULT_FILE);
  const cases = options.half ? halfOf(all, options.half) : all;
  if (options.half) {
    console.log(
      `half ${options.half}: ${new Set(cases.map((c) => c.item)).size} items, ${cases.length} cases`,
    );
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'centerline-audit-eval-'));
  try {
    let t = performance.now();
    const handle = await openDatabase({ kind: 'pglite', dataDir });
    await handle.migrate();
    console.log(`fresh PGlite database with migrations: ${Math.round(performance.now() - t)} ms`);
    t = performance.now();
    const outcomes: Outcome[] = [];
    for (const evalCase of cases) {
      const outcome = await runCase(handle.db, evalCase);
      outcomes.push(outcome);
      if (options.verbose) {
        console.log(
          `${evalCase.id}: expected ${SHORT[evalCase.expected]}, got ${SHORT[outcome.got]}\n  ${outcome.reasons}`,
        );
      }
    }
    const elapsed = performance.now() - t;
    console.log(
      `${cases.length} cases from ${String(file ?? DEFAULT_FILE.pathname)} in ${Math.round(elapsed)} ms (${Math.round(elapsed / Math.max(1, cases.length))} ms per case: seed and analyse one item)\n`,
    );
    console.log(report(outcomes).join('\n'));
    await handle.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
