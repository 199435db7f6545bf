import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { EvidenceQuote } from '@shared/api/audit';
import type { DbOrTx } from '../../db/client';
import { documentPages, documents, extractedFields } from '../../db/schema';
import { organizationEvents } from '../training-events/repository';
import type { EventFacts } from './record-checks';

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

// Excerpts are quoted in plain text: no markup around the matched words.
const HEADLINE_OPTIONS = 'MaxWords=32, MinWords=12, MaxFragments=1, StartSel="", StopSel=""';

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
     * documents that match its query, with a plain-text excerpt. One statement for all criteria.
     */
    async retrieve(
      criteria: { id: string; query: string }[],
    ): Promise<Map<string, EvidenceQuote[]>> {
      const result = new Map<string, EvidenceQuote[]>();
      if (criteria.length === 0) return result;
      const input = JSON.stringify(criteria.map((c) => ({ id: c.id, q: c.query })));
      const { rows } = (await db.execute(sql`
        select c.id as criterion, h.document_id, h.original_name, h.page,
               ts_headline('english', left(h.text, 20000), to_tsquery('english', c.q), ${HEADLINE_OPTIONS}) as excerpt
        from jsonb_to_recordset(${input}::jsonb) as c(id text, q text)
        cross join lateral (
          select p.document_id, d.original_name, p.page, p.text,
                 ts_rank(p.search_vector, to_tsquery('english', c.q)) as rank
          from document_pages p
          join documents d on d.id = p.document_id
          where p.organization_id = ${organizationId}
            and d.organization_id = ${organizationId}
            and d.deleted_at is null
            and d.source = 'upload'
            and d.status in ('processed', 'validated')
            and p.search_vector @@ to_tsquery('english', c.q)
          order by rank desc, d.original_name, p.page
          limit ${QUOTES_PER_CRITERION}
        ) h
      `)) as unknown as { rows: QuoteRow[] };
      for (const row of rows) {
        const list = result.get(row.criterion) ?? [];
        list.push(toQuote(row, 'retrieval'));
        result.set(row.criterion, list);
      }
      return result;
    },

    /**
     * Pages of the documents attached to checklist items that match the item's criteria, keyed
     * `item|criterion`: the evidence a person chose, checked against what the item needs.
     */
    async attachedMatches(
      pairs: { item: string; criterion: string; query: string }[],
    ): Promise<Map<string, EvidenceQuote[]>> {
      const result = new Map<string, EvidenceQuote[]>();
      if (pairs.length === 0) return result;
      const input = JSON.stringify(
        pairs.map((p) => ({ item: p.item, c: p.criterion, q: p.query })),
      );
      const { rows } = (await db.execute(sql`
        select c.item || '|' || c.c as criterion, h.document_id, h.original_name, h.page,
               ts_headline('english', left(h.text, 20000), to_tsquery('english', c.q), ${HEADLINE_OPTIONS}) as excerpt
        from jsonb_to_recordset(${input}::jsonb) as c(item text, c text, q text)
        cross join lateral (
          select p.document_id, d.original_name, p.page, p.text,
                 ts_rank(p.search_vector, to_tsquery('english', c.q)) as rank
          from checklist_evidence e
          join documents d on d.id = e.document_id
          join document_pages p on p.document_id = d.id
          where e.organization_id = ${organizationId}
            and e.item_number = c.item
            and d.organization_id = ${organizationId}
            and d.deleted_at is null
            and p.search_vector @@ to_tsquery('english', c.q)
          order by rank desc, p.page
          limit 2
        ) h
      `)) as unknown as { rows: QuoteRow[] };
      for (const row of rows) {
        const list = result.get(row.criterion) ?? [];
        list.push(toQuote(row, 'attached'));
        result.set(row.criterion, list);
      }
      return result;
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
  excerpt: string;
}

function toQuote(row: QuoteRow, source: EvidenceQuote['source']): EvidenceQuote {
  return {
    documentId: row.document_id,
    documentName: row.original_name,
    page: Number(row.page),
    excerpt: row.excerpt.replace(/\s+/g, ' ').trim(),
    source,
  };
}
