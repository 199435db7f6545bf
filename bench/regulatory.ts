/**
 * `npm run bench:regulatory`: the regulatory watch's text work on this machine (figures go in
 * docs/PERFORMANCE.md).
 *
 *   1. Two full versions of 14 CFR Part 142 built by the eCFR fixture generator from every section
 *      of part142-paragraphs.json (31 sections with text, 209 paragraphs): the second rewords every
 *      fourth paragraph and adds the paragraphs the first lacks (every seventh).
 *   2. Parse both (fast-xml-parser, paragraph trees, SHA-256), diff every section paragraph by
 *      paragraph with word diffs, and map the changed paragraphs to the 200 checklist items.
 *   3. The same with each paragraph's text made 6 times longer, about the size of the real
 *      part's XML (the summaries are one line; the regulation's paragraphs are longer).
 *
 * Median of ITERATIONS runs after a warm-up; memory is the heap growth over one run and the
 * process's peak resident set size.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { CURRENT_CATALOGUE } from '../src/shared/checklist/catalogue';
import { diffParagraphs, wordDiff } from '../src/server/features/regulatory/diff';
import { parsePartXml } from '../src/server/features/regulatory/ecfr-xml';
import { mapChange } from '../src/server/features/regulatory/mapping';
import {
  allDataSections,
  buildPartXml,
  type FixtureSection,
} from '../src/server/test/ecfr-fixture';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 30);

function versions(scale: number): [string, string] {
  const base = allDataSections().map((s) => ({
    ...s,
    paragraphs: s.paragraphs.map((p) => ({ ...p, text: Array(scale).fill(p.text).join(' ') })),
  }));
  let n = 0;
  const older: FixtureSection[] = base.map((s) => ({
    ...s,
    paragraphs: s.paragraphs.filter((p) => !(p.id.length > 3 && n++ % 7 === 0)),
  }));
  let m = 0;
  const newer: FixtureSection[] = base.map((s) => ({
    ...s,
    paragraphs: s.paragraphs.map((p) =>
      m++ % 4 === 0 ? { ...p, text: `${p.text.replace(/ the /, ' each ')} as amended` } : p,
    ),
  }));
  return [buildPartXml(older), buildPartXml(newer)];
}

function once(a: string, b: string) {
  const t0 = performance.now();
  const before = parsePartXml(a);
  const after = parsePartXml(b);
  const t1 = performance.now();
  const old = new Map(before.map((s) => [s.section, s]));
  let changed = 0;
  let parts = 0;
  const diffs: { section: string; ids: string[] }[] = [];
  for (const s of after) {
    const previous = old.get(s.section);
    if (!previous || previous.hash === s.hash) continue;
    const changes = diffParagraphs(previous.paragraphs, s.paragraphs);
    for (const c of changes) parts += wordDiff(c.before, c.after).length;
    changed += changes.length;
    diffs.push({ section: s.section, ids: changes.map((c) => c.id) });
  }
  const t2 = performance.now();
  const items = new Set<string>();
  for (const d of diffs) for (const m of mapChange(d.section, d.ids)) items.add(m.item.number);
  const t3 = performance.now();
  return {
    parse: t1 - t0,
    diff: t2 - t1,
    map: t3 - t2,
    total: t3 - t0,
    sections: after.length,
    paragraphs: after.reduce((n, s) => n + s.paragraphs.length, 0),
    changedSections: diffs.length,
    changed,
    parts,
    items: items.size,
  };
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

console.log(
  `load average at start: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(`catalogue: ${CURRENT_CATALOGUE.items.length} items; ${ITERATIONS} iterations each\n`);
for (const scale of [1, 6]) {
  const [a, b] = versions(scale);
  once(a, b);
  global.gc?.();
  const heap0 = process.memoryUsage().heapUsed;
  const first = once(a, b);
  const heapGrowth = process.memoryUsage().heapUsed - heap0;
  const runs = [first];
  for (let i = 1; i < ITERATIONS; i++) runs.push(once(a, b));
  console.log(
    `text ×${scale}: XML ${(a.length / 1024).toFixed(0)} KB + ${(b.length / 1024).toFixed(0)} KB, ${first.sections} sections, ${first.paragraphs} paragraphs`,
  );
  console.log(
    `  changes: ${first.changed} paragraphs in ${first.changedSections} sections (${first.parts} word-diff parts) → ${first.items} checklist items`,
  );
  console.log(
    `  median ms: parse both ${median(runs.map((r) => r.parse)).toFixed(1)}, diff ${median(runs.map((r) => r.diff)).toFixed(1)}, map ${median(runs.map((r) => r.map)).toFixed(2)}, total ${median(runs.map((r) => r.total)).toFixed(1)} (max ${Math.max(...runs.map((r) => r.total)).toFixed(1)})`,
  );
  console.log(`  heap growth over one run: ${mb(Math.max(0, heapGrowth))}\n`);
}
console.log(`peak RSS: ${mb(process.resourceUsage().maxRSS * 1024)}`);
console.log(
  `load average at end: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
