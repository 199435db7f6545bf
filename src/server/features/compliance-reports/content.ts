import type { ReportScope } from '@shared/api/reports';
import type { Language } from '@shared/api/preferences';
import type { Database } from '../../db/client';
import type { Actor } from '../../http/actor';
import { readerText, type Text } from '../../i18n/index';
import type { ReaderDates } from '../../reports/reader-dates';
import { recordProofs } from '../ledger/service';
import {
  auditTrail,
  countAuditEntries,
  checklistState,
  recordRowsInScope,
  recordsInScope,
  RECORD_ELEMENTS,
  tallyDocuments,
  tallyRecords,
  type LedgerSection,
  type ReportInput,
} from './data';

/** A cell keeps its type, so a workbook holds numbers and dates, and a PDF formats them. */
export type Cell =
  | { kind: 'text'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'day'; value: string }
  | { kind: 'time'; value: Date };

export interface Column {
  header: string;
  /** Share of a PDF page's width. */
  share: number;
  /** Characters, for a workbook. */
  width: number;
}

export interface Section {
  /** A sheet's name in a workbook (31 characters at most). */
  sheet: string;
  heading: string;
  notes: string[];
  columns: Column[];
  /** Rows in pages, read once: a large scope is never held whole. */
  rows: () => AsyncIterable<Cell[][]>;
}

export interface ReportContent {
  title: string;
  organizationName: string;
  language: Language;
  dates: ReaderDates;
  period: string;
  scope: string;
  generatedAt: Date;
  generatedBy: string;
  sections: Section[];
  /** True when the period and scope hold nothing a section would list. */
  empty: boolean;
}

const text = (value: string | null | undefined): Cell => ({ kind: 'text', value: value ?? '' });
const num = (value: number): Cell => ({ kind: 'number', value });

async function* once(rows: Cell[][]): AsyncIterable<Cell[][]> {
  yield rows;
}

export function scopeLabel(t: Text, scope: ReportScope): string {
  return t(`scope.${scope.kind}`, { value: scope.value ?? '' });
}

function ledgerSection(t: Text, ledger: LedgerSection): Section {
  const v = ledger.verification;
  const rows: Cell[][] = [
    [text(t('ledger.treeSize')), num(ledger.head.treeSize)],
    [text(t('ledger.rootHash')), text(ledger.head.rootHash)],
    [text(t('ledger.fingerprint')), text(ledger.head.fingerprint)],
  ];
  if (v) {
    const problem = v.firstMismatch?.message ?? '';
    rows.push([
      text(t('ledger.verified')),
      text(
        v.ok
          ? t('ledger.verifiedOk', { leaves: v.leavesChecked, records: v.recordsChecked })
          : t('ledger.verifiedFailed', { problem }),
      ),
    ]);
  }
  return {
    sheet: t('sheets.ledger'),
    heading: t('sections.ledger'),
    notes: [t('ledger.manifestNote'), ledger.head.checkpoint.trimEnd()],
    columns: [
      { header: t('columns.figure'), share: 0.3, width: 32 },
      { header: t('columns.value'), share: 0.7, width: 90 },
    ],
    rows: () => once(rows),
  };
}

interface Build {
  db: Database;
  actor: Actor;
  input: ReportInput;
  t: Text;
  ledger: LedgerSection;
}

async function summarySections({ db, actor, input, t, ledger }: Build) {
  const records = await tallyRecords(db, actor, input);
  const docs = await tallyDocuments(db, input, actor.preferences.timezone);
  const checklist = await checklistState(db, actor);
  const figureColumns: Column[] = [
    { header: t('columns.figure'), share: 0.75, width: 60 },
    { header: t('columns.value'), share: 0.25, width: 14 },
  ];
  const sections: Section[] = [
    {
      sheet: t('sheets.records'),
      heading: t('sections.records'),
      notes: [],
      columns: figureColumns,
      rows: () =>
        once([
          [text(t('figures.records')), num(records.total)],
          ...records.byStatus.map((s) => [text(t('figures.status', { status: s.key })), num(s.n)]),
          [text(t('figures.unsatisfactory')), num(records.unsatisfactory)],
          [text(t('figures.incomplete')), num(records.incomplete)],
        ]),
    },
    {
      sheet: t('sheets.documents'),
      heading: t('sections.documents'),
      notes: [],
      columns: figureColumns,
      rows: () =>
        once([
          [text(t('figures.uploaded')), num(docs.uploaded)],
          ...docs.byStatus.map((s) => [text(t('figures.status', { status: s.key })), num(s.n)]),
          [text(t('figures.awaiting')), num(docs.awaitingValidation)],
        ]),
    },
    {
      sheet: t('sheets.checklist'),
      heading: t('sections.checklist'),
      notes: [t('checklistNote')],
      columns: [
        { header: t('columns.area'), share: 0.55, width: 50 },
        { header: t('columns.total'), share: 0.15, width: 10 },
        { header: t('columns.reviewed'), share: 0.15, width: 12 },
        { header: t('columns.compliant'), share: 0.15, width: 12 },
      ],
      rows: () =>
        once(
          checklist.areas.map((a) => [
            text(`${a.number}. ${a.name}`),
            num(a.summary.total),
            num(a.summary.reviewed),
            num(a.summary.compliant),
          ]),
        ),
    },
    ledgerSection(t, ledger),
  ];
  return { sections, empty: records.total === 0 && docs.uploaded === 0 };
}

async function detailedSections({ db, actor, input, t, ledger }: Build) {
  const tally = await tallyRecords(db, actor, input);
  const mark = (present: boolean) => text(t(present ? 'elements.present' : 'elements.missing'));
  const checklist = await checklistState(db, actor);
  const sections: Section[] = [
    {
      sheet: t('sheets.records'),
      heading: t('sections.recordList'),
      notes: [t('elements.notHeld')],
      columns: [
        { header: t('columns.date'), share: 0.09, width: 12 },
        { header: t('columns.trainee'), share: 0.13, width: 24 },
        { header: t('columns.course'), share: 0.13, width: 24 },
        { header: t('columns.eventType'), share: 0.1, width: 18 },
        { header: t('columns.result'), share: 0.09, width: 14 },
        { header: t('columns.instructor'), share: 0.1, width: 18 },
        { header: t('columns.evaluator'), share: 0.1, width: 18 },
        ...RECORD_ELEMENTS.map((e) => ({ header: t(`elements.${e}`), share: 0.055, width: 14 })),
        { header: t('columns.leaf'), share: 0.04, width: 10 },
      ],
      rows: async function* () {
        for await (const page of recordsInScope(db, actor, input)) {
          yield page.map((r) => [
            { kind: 'day', value: r.eventDate } as Cell,
            text(r.studentName),
            text(r.course),
            text(r.eventType),
            text(r.result),
            text(r.instructor),
            text(r.evaluator),
            ...RECORD_ELEMENTS.map((e) => mark(r.elements[e])),
            r.ledgerIndex === null ? text('') : num(r.ledgerIndex),
          ]);
        }
      },
    },
    {
      sheet: t('sheets.answers'),
      heading: t('sections.answers'),
      notes: [t('checklistNote')],
      columns: [
        { header: t('columns.item'), share: 0.12, width: 10 },
        { header: t('columns.reference'), share: 0.3, width: 30 },
        { header: t('columns.status'), share: 0.2, width: 16 },
        { header: t('columns.evidence'), share: 0.13, width: 10 },
        { header: t('columns.updatedAt'), share: 0.25, width: 22 },
      ],
      rows: () =>
        once(
          checklist.answers.map((a) => [
            text(a.number),
            text(a.reference),
            text(a.status),
            num(a.evidence),
            a.updatedAt ? { kind: 'time', value: new Date(a.updatedAt) } : text(''),
          ]),
        ),
    },
    ledgerSection(t, ledger),
  ];
  return { sections, empty: tally.total === 0 };
}

/** Every record version of the scope with its leaf and audit path to the report's signed head. */
function proofSection({ db, actor, input, t, ledger }: Build): Section {
  const treeSize = ledger.head.treeSize;
  return {
    sheet: t('sheets.proofs'),
    heading: t('sections.proofs'),
    notes: [t('proofsNote', { treeSize })],
    columns: [
      { header: t('columns.date'), share: 0.09, width: 12 },
      { header: t('columns.trainee'), share: 0.13, width: 24 },
      { header: t('columns.version'), share: 0.06, width: 9 },
      { header: t('columns.leaf'), share: 0.06, width: 10 },
      { header: t('columns.leafHash'), share: 0.22, width: 66 },
      { header: t('columns.auditPath'), share: 0.44, width: 120 },
    ],
    rows: async function* () {
      for await (const page of recordRowsInScope(db, actor, input, 500)) {
        const proofs = await recordProofs(
          db,
          actor.organizationId,
          page.map((r) => ({ recordId: r.id, version: r.version })),
          treeSize,
        );
        yield page.map((r) => {
          const proof = proofs.get(r.id);
          return [
            { kind: 'day', value: r.eventDate } as Cell,
            text(r.studentName),
            num(r.version),
            proof ? num(proof.leafIndex) : text(''),
            text(proof ? proof.leafHash : t('proofMissing')),
            text(proof ? proof.auditPath.join(' ') : ''),
          ];
        });
      }
    },
  };
}

async function auditSections({ db, actor, input, t, ledger }: Build) {
  const entries = await countAuditEntries(db, input, actor.preferences.timezone);
  const sections: Section[] = [
    {
      sheet: t('sheets.trail'),
      heading: t('sections.trail'),
      notes: [t('auditScopeNote')],
      columns: [
        { header: t('columns.at'), share: 0.2, width: 22 },
        { header: t('columns.actor'), share: 0.18, width: 22 },
        { header: t('columns.action'), share: 0.2, width: 26 },
        { header: t('columns.details'), share: 0.42, width: 80 },
      ],
      rows: async function* () {
        for await (const page of auditTrail(db, input, actor.preferences.timezone)) {
          yield page.map((e) => [
            { kind: 'time', value: e.at } as Cell,
            text(e.actor),
            text(e.action),
            text(e.details),
          ]);
        }
      },
    },
    proofSection({ db, actor, input, t, ledger }),
    ledgerSection(t, ledger),
  ];
  return { sections, empty: entries === 0 };
}

export async function buildContent(
  type: 'summary' | 'detailed' | 'audit',
  build: Omit<Build, 't'>,
  meta: { dates: ReaderDates; generatedAt: Date },
): Promise<ReportContent> {
  const { actor, input } = build;
  const language = actor.preferences.language;
  const { t } = readerText(language, 'report-documents');
  const built =
    type === 'summary'
      ? await summarySections({ ...build, t })
      : type === 'detailed'
        ? await detailedSections({ ...build, t })
        : await auditSections({ ...build, t });
  return {
    title: t(`title.${type}`),
    organizationName: actor.organizationName,
    language,
    dates: meta.dates,
    period: t('period', { from: meta.dates.day(input.from), to: meta.dates.day(input.to) }),
    scope: scopeLabel(t, input.scope),
    generatedAt: meta.generatedAt,
    generatedBy: `${actor.firstName} ${actor.lastName}`.trim() || actor.email,
    sections: built.sections,
    empty: built.empty,
  };
}
