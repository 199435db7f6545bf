import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { EvidenceQuote } from '@shared/api/audit';
import type { DbOrTx } from '../../db/client';
import { documentPages, documents, extractedFields } from '../../db/schema';
import { organizationEvents } from '../training-events/repository';
import type { EventFacts } from './record-checks';
import type { EvidenceCriterion } from './rules/criteria';
import { heldKinds, type DocumentClass, type Standing } from './rules/kinds';

/**
 * Data access of the audit assistant, bound to one organization. Only documents a person
 * uploaded and whose processing finished count as evidence: drafts written by document
 * generation are not evidence until the adopted version is uploaded.
 */
export const ANALYZABLE_STATUSES = ['processed', 'validated'] as const;

/** Characters of the first pages read to classify a document. */
const CLASSIFY_PAGES = 2;
const CLASSIFY_CHARACTERS = 4000;
/** Pages quoted per criterion; the best-ranked first. */
const QUOTES_PER_CRITERION = 3;

function analyzable(organizationId: string) {
  return and(
    eq(documents.organizationId, organizationId),
    isNull(documents.deletedAt),
    eq(documents.source, 'upload'),
    inArray(documents.status, [...ANALYZABLE_STATUSES]),
  );
}

export interface StoredDocument {
  id: string;
  originalName: string;
  status: string;
  pageCount: number | null;
  text: string;
  fields: {
    fieldName: string;
    value: string;
    confidence: number;
    page: number;
    validated: boolean;
  }[];
}

// The matched words are marked so that the reasons can name them; the marks are removed before
// the excerpt is quoted, which stays plain text.
const HEADLINE_OPTIONS = 'MaxWords=32, MinWords=12, MaxFragments=1, StartSel="«", StopSel="»"';

/** Pages kept per criterion: the best-ranked of each standing (full, partial, set aside). */
const KEPT = { full: QUOTES_PER_CRITERION, partial: 2, aside: 2 } as const;

/** A page that matched a criterion's query, with where it stands against the evidence standard. */
export interface PageMatch {
  quote: EvidenceQuote;
  standing: Standing;
  /** The words of the page that matched, lower case. */
  terms: string[];
}

/**
 * Where a page stands, from its document's kinds (the rule of standingOf, in SQL, so that the
 * best pages of each standing are kept; standingOf then decides): a document not in force, or
 * whose kind is not known with enough confidence, counts as none. The kinds travel as one JSON
 * object looked up per page: joining a table of kinds inside the lateral made the statement ten
 * times slower.
 */
function standingOfPage(classes: ReadonlyMap<string, DocumentClass>) {
  const kinds = JSON.stringify(
    Object.fromEntries(
      [...classes].map(([id, c]) => [
        id,
        { k: c.provisional ? [] : heldKinds(c), p: c.promotional },
      ]),
    ),
  );
  const doc = sql`(${kinds}::jsonb -> d.id::text)`;
  const held = sql`array(select jsonb_array_elements_text(${doc} -> 'k'))`;
  const counts = sql`(c.ads or not coalesce((${doc} ->> 'p')::boolean, false))`;
  return sql`case when not ${counts} then 'aside' when c.full_kinds ?| ${held} then 'full' when c.part_kinds ?| ${held} then 'partial' else 'aside' end`;
}

function criterionInput(c: EvidenceCriterion) {
  return {
    q: c.query,
    full_kinds: c.kinds,
    part_kinds: c.partial?.kinds ?? [],
    ads: c.readsAdvertising ?? false,
  };
}

/**
 * The matching pages of each input row are ranked within their standing and the best of each
 * kept: admissible pages are never crowded out by many matching pages of a kind that cannot count.
 */
const keptPages = sql.raw(
  `n <= case standing when 'full' then ${KEPT.full} when 'partial' then ${KEPT.partial} else ${KEPT.aside} end`,
);

export function evidenceOf(db: DbOrTx, organizationId: string) {
  return {
    /** The documents the analysis reads, with the text of their first pages and their fields. */
    async documents(): Promise<StoredDocument[]> {
      const rows = await db
        .select({
          id: documents.id,
          originalName: documents.originalName,
          status: documents.status,
          pageCount: documents.pageCount,
        })
        .from(documents)
        .where(analyzable(organizationId))
        .orderBy(asc(documents.createdAt), asc(documents.id));
      if (rows.length === 0) return [];
      const ids = rows.map((r) => r.id);
      const pages = await db
        .select({
          documentId: documentPages.documentId,
          page: documentPages.page,
          text: sql<string>`left(${documentPages.text}, ${CLASSIFY_CHARACTERS})`,
        })
        .from(documentPages)
        .where(
          and(
            eq(documentPages.organizationId, organizationId),
            inArray(documentPages.documentId, ids),
            sql`${documentPages.page} <= ${CLASSIFY_PAGES}`,
          ),
        )
        .orderBy(asc(documentPages.documentId), asc(documentPages.page));
      const fields = await db
        .select()
        .from(extractedFields)
        .where(
          and(
            eq(extractedFields.organizationId, organizationId),
            inArray(extractedFields.documentId, ids),
          ),
        )
        .orderBy(asc(extractedFields.page), asc(extractedFields.fieldName));
      const text = new Map<string, string>();
      for (const p of pages) text.set(p.documentId, `${text.get(p.documentId) ?? ''}\n${p.text}`);
      return rows.map((r) => ({
        ...r,
        text: text.get(r.id) ?? '',
        fields: fields
          .filter((f) => f.documentId === r.id)
          .map((f) => ({
            fieldName: f.fieldName,
            value: f.validatedValue ?? f.extractedValue,
            confidence: f.confidence,
            page: f.page,
            validated: f.validatedAt !== null,
          })),
      }));
    },

    /**
     * Full-text retrieval: for each criterion, the best-ranked pages of the organization's
     * documents that match its query, with a plain-text excerpt and where each stands against
     * the criterion's evidence standard (`classes`: each document's kind). One statement.
     */
    async retrieve(
      criteria: EvidenceCriterion[],
      classes: ReadonlyMap<string, DocumentClass>,
    ): Promise<Map<string, PageMatch[]>> {
      if (criteria.length === 0) return new Map();
      const input = JSON.stringify(criteria.map((c) => ({ id: c.id, ...criterionInput(c) })));
      const { rows } = (await db.execute(sql`
        select c.id as criterion, h.document_id, h.original_name, h.page, h.standing,
               ts_headline('english', left(h.text, 20000), to_tsquery('english', c.q), ${HEADLINE_OPTIONS}) as excerpt
        from jsonb_to_recordset(${input}::jsonb) as c(id text, q text, full_kinds jsonb, part_kinds jsonb, ads boolean)
        cross join lateral (
          select * from (
            select s.*, row_number() over (partition by s.standing order by s.rank desc, s.original_name, s.page) as n
            from (
              select p.document_id, d.original_name, p.page, p.text,
                     ts_rank(p.search_vector, to_tsquery('english', c.q)) as rank,
                     ${standingOfPage(classes)} as standing
              from document_pages p
              join documents d on d.id = p.document_id
              where p.organization_id = ${organizationId}
                and d.organization_id = ${organizationId}
                and d.deleted_at is null
                and d.source = 'upload'
                and d.status in ('processed', 'validated')
                and p.search_vector @@ to_tsquery('english', c.q)
            ) s
          ) ranked
          where ${keptPages}
        ) h
      `)) as unknown as { rows: QuoteRow[] };
      return grouped(rows, 'retrieval');
    },

    /**
     * Pages of the documents attached to checklist items that match the item's criteria, keyed
     * `item|criterion`: the evidence a person chose, checked against what the item needs and
     * against the same evidence standard (a person's choice does not make a kind admissible).
     */
    async attachedMatches(
      pairs: { item: string; criterion: EvidenceCriterion }[],
      classes: ReadonlyMap<string, DocumentClass>,
    ): Promise<Map<string, PageMatch[]>> {
      if (pairs.length === 0) return new Map();
      const input = JSON.stringify(
        pairs.map((p) => ({ item: p.item, c: p.criterion.id, ...criterionInput(p.criterion) })),
      );
      const { rows } = (await db.execute(sql`
        select c.item || '|' || c.c as criterion, h.document_id, h.original_name, h.page, h.standing,
               ts_headline('english', left(h.text, 20000), to_tsquery('english', c.q), ${HEADLINE_OPTIONS}) as excerpt
        from jsonb_to_recordset(${input}::jsonb) as c(item text, c text, q text, full_kinds jsonb, part_kinds jsonb, ads boolean)
        cross join lateral (
          select * from (
            select s.*, row_number() over (partition by s.standing order by s.rank desc, s.page) as n
            from (
              select p.document_id, d.original_name, p.page, p.text,
                     ts_rank(p.search_vector, to_tsquery('english', c.q)) as rank,
                     ${standingOfPage(classes)} as standing
              from checklist_evidence e
              join documents d on d.id = e.document_id
              join document_pages p on p.document_id = d.id
              where e.organization_id = ${organizationId}
                and e.item_number = c.item
                and d.organization_id = ${organizationId}
                and d.deleted_at is null
                and p.search_vector @@ to_tsquery('english', c.q)
            ) s
          ) ranked
          where ${keptPages}
        ) h
      `)) as unknown as { rows: QuoteRow[] };
      return grouped(rows, 'attached');
    },

    async trainingEvents(): Promise<EventFacts[]> {
      const rows = await organizationEvents(db, organizationId);
      return rows.map((e) => ({
        id: e.id,
        studentName: e.studentName,
        licenseNumber: e.licenseNumber,
        course: e.course,
        eventType: e.eventType,
        eventDate: e.eventDate,
        status: e.status,
        result: e.result,
        instructor: e.instructor,
        evaluator: e.evaluator,
        remarks: e.remarks,
      }));
    },
  };
}

interface QuoteRow {
  criterion: string;
  document_id: string;
  original_name: string;
  page: number;
  standing: Standing;
  excerpt: string;
}

function grouped(rows: QuoteRow[], source: EvidenceQuote['source']): Map<string, PageMatch[]> {
  const result = new Map<string, PageMatch[]>();
  for (const row of rows) {
    const list = result.get(row.criterion) ?? [];
    list.push(toMatch(row, source));
    result.set(row.criterion, list);
  }
  return result;
}

function toMatch(row: QuoteRow, source: EvidenceQuote['source']): PageMatch {
  // Adjacent marked words are one phrase ("flight training device"), named as such.
  const marked = row.excerpt.replace(/\s+/g, ' ').trim().replace(/» «/g, ' ');
  const terms = [...marked.matchAll(/«([^»]*)»/g)].map((m) => m[1]!.toLowerCase());
  return {
    quote: {
      documentId: row.document_id,
      documentName: row.original_name,
      page: Number(row.page),
      excerpt: marked.replace(/[«»]/g, ''),
      source,
    },
    standing: row.standing,
    terms: [...new Set(terms)],
  };
}
