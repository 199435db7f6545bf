import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PART_142_SOURCE, type ChangeDetail, type ChangeSummary } from '@shared/api/regulatory';
import type { Database } from '../../db/client';
import {
  checklistResponses,
  generatedDocuments,
  regulationChanges,
  regulationSectionVersions,
} from '../../db/schema';
import type { Actor } from '../../http/actor';
import { notFound } from '../../http/errors';
import { wordDiff } from './diff';
import { mapChange } from './mapping';

/** Stored changes of the regulation text: the list, and one change with its diff and mapping. */

const toVersion = alias(regulationSectionVersions, 'to_version');
const fromVersion = alias(regulationSectionVersions, 'from_version');

const summaryColumns = {
  change: regulationChanges,
  sectionName: toVersion.name,
  toDate: toVersion.versionDate,
  fromDate: fromVersion.versionDate,
};

type SummaryRow = {
  change: typeof regulationChanges.$inferSelect;
  sectionName: string;
  toDate: string;
  fromDate: string | null;
};

function toSummary({ change, sectionName, toDate, fromDate }: SummaryRow): ChangeSummary {
  return {
    id: change.id,
    source: change.source,
    section: change.section,
    sectionName,
    effectiveDate: change.effectiveDate,
    fromVersionDate: fromDate,
    toVersionDate: toDate,
    paragraphs: change.paragraphs.map((p) => ({ id: p.id, kind: p.kind })),
    checklistItems: change.checklistItems,
    historical: change.historical,
    detectedAt: change.detectedAt.toISOString(),
  };
}

function selectChanges(db: Database) {
  return db
    .select(summaryColumns)
    .from(regulationChanges)
    .innerJoin(toVersion, eq(toVersion.id, regulationChanges.toVersionId))
    .leftJoin(fromVersion, eq(fromVersion.id, regulationChanges.fromVersionId));
}

export async function listChanges(
  db: Database,
  query: { historical?: 'true' | 'false'; section?: string; limit: number },
): Promise<ChangeSummary[]> {
  const rows = await selectChanges(db)
    .where(
      and(
        eq(regulationChanges.source, PART_142_SOURCE),
        query.historical
          ? eq(regulationChanges.historical, query.historical === 'true')
          : undefined,
        query.section ? eq(regulationChanges.section, query.section) : undefined,
      ),
    )
    .orderBy(desc(regulationChanges.effectiveDate), desc(regulationChanges.detectedAt))
    .limit(query.limit);
  return rows.map(toSummary);
}

export async function changeDetail(db: Database, actor: Actor, id: string): Promise<ChangeDetail> {
  const [row] = await selectChanges(db).where(eq(regulationChanges.id, id));
  if (!row) throw notFound('Change');
  const { change } = row;
  const mapped = mapChange(
    change.section,
    change.paragraphs.map((p) => p.id),
  );
  const numbers = mapped.map((m) => m.item.number);
  const answers = numbers.length
    ? await db
        .select({
          item: checklistResponses.itemNumber,
          status: checklistResponses.status,
          updatedAt: checklistResponses.updatedAt,
        })
        .from(checklistResponses)
        .where(
          and(
            eq(checklistResponses.organizationId, actor.organizationId),
            inArray(checklistResponses.itemNumber, numbers),
          ),
        )
    : [];
  const answerOf = new Map(answers.map((a) => [a.item, a]));
  // Generated documents whose regulatory basis cites the section (any paragraph of it).
  const pattern = `^(14 CFR )?${change.section.replace('.', '\\.')}(\\(|$)`;
  const documents = await db
    .select({
      id: generatedDocuments.id,
      documentId: generatedDocuments.documentId,
      title: generatedDocuments.title,
      citation: sql<string>`(select string_agg(b, ', ') from jsonb_array_elements_text(${generatedDocuments.regulatoryBasis}) b where b ~ ${pattern})`,
    })
    .from(generatedDocuments)
    .where(
      and(
        eq(generatedDocuments.organizationId, actor.organizationId),
        sql`exists (select 1 from jsonb_array_elements_text(${generatedDocuments.regulatoryBasis}) b where b ~ ${pattern})`,
      ),
    );
  return {
    ...toSummary(row),
    paragraphDiffs: change.paragraphs.map((p) => ({ ...p, parts: wordDiff(p.before, p.after) })),
    mappedItems: mapped.map(({ item, citedParagraphs }) => {
      const answer = answerOf.get(item.number);
      const answered = answer && answer.status !== 'pending';
      return {
        number: item.number,
        description: item.description,
        reference: item.reference,
        citedParagraphs,
        status: answered ? answer.status : null,
        answeredAt: answered ? answer.updatedAt.toISOString() : null,
        href: `/compliance-checklist?item=${item.number}`,
      };
    }),
    documents: documents.map((d) => ({
      id: d.id,
      title: d.title,
      citation: d.citation,
      href: `/documents/${d.documentId}`,
    })),
  };
}
