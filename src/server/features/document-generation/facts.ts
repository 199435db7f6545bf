import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  checklistEvidence,
  checklistResponses,
  documentPages,
  documents,
  extractedFields,
  trainingEvents,
} from '../../db/schema';
import type { Actor } from '../../http/actor';
import { usersOf } from '../users/repository';
import { headOf, normaliseText, recognises, type StoredDocument } from './gap-analysis';
import { requirementFor } from './requirements';
import type { OrganizationFacts } from './templates/types';

/** Characters of stored text read per document: enough for any title block and phrase. */
const TEXT_LIMIT = 200_000;
const MAX_LIST = 25;

export interface UploadedDocument extends StoredDocument {
  /** The stored text as read at processing, capped, case kept. */
  text: string;
  createdAt: Date;
}

/** The organization's uploaded documents with their stored page text and extracted fields. */
export async function loadUploadedDocuments(
  db: Database,
  organizationId: string,
): Promise<UploadedDocument[]> {
  const rows = await db
    .select({ id: documents.id, name: documents.originalName, createdAt: documents.createdAt })
    .from(documents)
    .where(
      and(
        eq(documents.organizationId, organizationId),
        isNull(documents.deletedAt),
        eq(documents.source, 'upload'),
      ),
    )
    .orderBy(asc(documents.createdAt));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const pages = await db
    .select({
      documentId: documentPages.documentId,
      text: sql<string>`left(${documentPages.text}, ${TEXT_LIMIT})`,
    })
    .from(documentPages)
    .where(
      and(eq(documentPages.organizationId, organizationId), inArray(documentPages.documentId, ids)),
    )
    .orderBy(asc(documentPages.documentId), asc(documentPages.page));
  const fields = await db
    .select({
      documentId: extractedFields.documentId,
      name: extractedFields.fieldName,
      value: sql<string>`coalesce(${extractedFields.validatedValue}, ${extractedFields.extractedValue})`,
      validated: sql<boolean>`${extractedFields.validatedAt} is not null`,
    })
    .from(extractedFields)
    .where(
      and(
        eq(extractedFields.organizationId, organizationId),
        inArray(extractedFields.documentId, ids),
      ),
    );
  const textOf = new Map<string, string>();
  for (const page of pages) {
    const before = textOf.get(page.documentId) ?? '';
    if (before.length < TEXT_LIMIT) textOf.set(page.documentId, `${before}${page.text}\n`);
  }
  return rows.map((row) => {
    const text = (textOf.get(row.id) ?? '').slice(0, TEXT_LIMIT);
    return {
      id: row.id,
      name: row.name,
      createdAt: row.createdAt,
      text,
      head: headOf(row.name, text),
      body: normaliseText(text),
      fields: fields.filter((f) => f.documentId === row.id),
    };
  });
}

export async function loadChecklistState(db: Database, organizationId: string) {
  const responses = await db
    .select({ itemNumber: checklistResponses.itemNumber, status: checklistResponses.status })
    .from(checklistResponses)
    .where(eq(checklistResponses.organizationId, organizationId));
  const evidence = await db
    .select({ itemNumber: checklistEvidence.itemNumber, documentId: checklistEvidence.documentId })
    .from(checklistEvidence)
    .innerJoin(documents, eq(documents.id, checklistEvidence.documentId))
    .where(and(eq(checklistEvidence.organizationId, organizationId), isNull(documents.deletedAt)));
  const checklistStatus = new Map(responses.map((r) => [r.itemNumber, r.status]));
  const checklistEvidenceMap = new Map<string, string[]>();
  for (const e of evidence) {
    checklistEvidenceMap.set(e.itemNumber, [
      ...(checklistEvidenceMap.get(e.itemNumber) ?? []),
      e.documentId,
    ]);
  }
  return { checklistStatus, checklistEvidence: checklistEvidenceMap };
}

const CERTIFICATE_NUMBER =
  /certificate\s*(?:no\.?|number|#)\s*[:#]?\s*([A-Z0-9][A-Z0-9-]{3,19})\b/i;
const EQUIPMENT_LINE =
  /\b(?:full flight simulator|flight training device|flight simulator|FFS|FTD|FSTD)\b/i;

/** The certificate number printed on a stored FAA certificate, when one was recognised. */
export function certificateNumberFrom(uploaded: UploadedDocument[]): string | null {
  const certificate = requirementFor('FAA_TRAINING_CENTER_CERTIFICATE')!;
  for (const document of uploaded) {
    if (!recognises(certificate, document)) continue;
    const match = CERTIFICATE_NUMBER.exec(document.text);
    if (match) return match[1]!;
  }
  return null;
}

/** Lines of stored text that describe a simulator or training device, as written there. */
export function equipmentLines(uploaded: UploadedDocument[]): string[] {
  const found = new Set<string>();
  for (const document of uploaded) {
    for (const raw of document.text.split('\n')) {
      const line = raw.replace(/\s+/g, ' ').trim();
      if (line.length < 8 || line.length > 140 || !EQUIPMENT_LINE.test(line)) continue;
      // A device line names something identifiable: a level, a model or a serial.
      if (!/\b(?:level|model|type|serial|s\/n)\b|\b[A-Z]{1,4}-?\d{2,4}\b/i.test(line)) continue;
      found.add(line);
      if (found.size >= 10) return [...found];
    }
  }
  return [...found];
}

const dayString = (value: string | Date | null) =>
  value === null
    ? null
    : typeof value === 'string'
      ? value.slice(0, 10)
      : value.toISOString().slice(0, 10);

/** What the organization's own records say, for the templates. */
export async function gatherFacts(
  db: Database,
  actor: Actor,
  uploaded: UploadedDocument[],
  now: Date,
): Promise<OrganizationFacts> {
  const org = actor.organizationId;
  const inOrg = eq(trainingEvents.organizationId, org);
  const [totals] = await db
    .select({
      total: sql<number>`count(*)::int`,
      completed: sql<number>`count(*) filter (where ${trainingEvents.status} = 'completed')::int`,
      failed: sql<number>`count(*) filter (where ${trainingEvents.status} = 'failed')::int`,
      pending: sql<number>`count(*) filter (where ${trainingEvents.status} = 'pending')::int`,
      first: sql<string | null>`min(${trainingEvents.eventDate})::text`,
      last: sql<string | null>`max(${trainingEvents.eventDate})::text`,
    })
    .from(trainingEvents)
    .where(inOrg);
  const courses = await db
    .select({
      name: trainingEvents.course,
      events: sql<number>`count(*)::int`,
      first: sql<string>`min(${trainingEvents.eventDate})::text`,
      last: sql<string>`max(${trainingEvents.eventDate})::text`,
    })
    .from(trainingEvents)
    .where(and(inOrg, isNotNull(trainingEvents.course), sql`trim(${trainingEvents.course}) <> ''`))
    .groupBy(trainingEvents.course)
    .orderBy(sql`count(*) desc`, trainingEvents.course)
    .limit(MAX_LIST);
  const instructors = await db
    .select({
      name: trainingEvents.instructor,
      events: sql<number>`count(*)::int`,
      last: sql<string>`max(${trainingEvents.eventDate})::text`,
      courses: sql<
        (string | null)[]
      >`array_agg(distinct ${trainingEvents.course} order by ${trainingEvents.course})`,
    })
    .from(trainingEvents)
    .where(
      and(
        inOrg,
        isNotNull(trainingEvents.instructor),
        sql`trim(${trainingEvents.instructor}) <> ''`,
      ),
    )
    .groupBy(trainingEvents.instructor)
    .orderBy(trainingEvents.instructor)
    .limit(MAX_LIST);
  const evaluators = await db
    .select({
      name: trainingEvents.evaluator,
      events: sql<number>`count(*)::int`,
      last: sql<string>`max(${trainingEvents.eventDate})::text`,
    })
    .from(trainingEvents)
    .where(
      and(inOrg, isNotNull(trainingEvents.evaluator), sql`trim(${trainingEvents.evaluator}) <> ''`),
    )
    .groupBy(trainingEvents.evaluator)
    .orderBy(trainingEvents.evaluator)
    .limit(MAX_LIST);
  const admins = (await usersOf(db, org).list()).filter(
    (u) => u.role === 'admin' && u.deactivatedAt === null,
  );

  // Course and instructor names read from documents count too, once a person has validated
  // them: an unconfirmed reading (form wording, a misread) must never become a curriculum.
  const validated = (field: string) =>
    [
      ...new Set(
        uploaded.flatMap((d) =>
          d.fields.filter((f) => f.name === field && f.validated).map((f) => f.value.trim()),
        ),
      ),
    ].filter(Boolean);
  const courseList: OrganizationFacts['courses'] = courses.map((c) => ({
    name: c.name!.trim(),
    events: c.events,
    first: c.first,
    last: c.last,
  }));
  for (const name of validated('courseName')) {
    if (courseList.length < MAX_LIST && !courseList.some((c) => c.name === name)) {
      courseList.push({ name, events: 0, first: null, last: null });
    }
  }
  const instructorList: OrganizationFacts['instructors'] = instructors.map((i) => ({
    name: i.name!.trim(),
    events: i.events,
    lastEventDate: i.last,
    courses: i.courses.filter((c): c is string => Boolean(c)),
  }));
  for (const name of validated('instructorName')) {
    if (instructorList.length < MAX_LIST && !instructorList.some((i) => i.name === name)) {
      instructorList.push({ name, events: 0, lastEventDate: null, courses: [] });
    }
  }
  const documentDates = uploaded.map((d) => d.createdAt.getTime());
  return {
    organizationName: actor.organizationName,
    certificateNumber: certificateNumberFrom(uploaded),
    generatedOn: now.toISOString().slice(0, 10),
    courses: courseList,
    instructors: instructorList,
    evaluators: evaluators.map((e) => ({
      name: e.name!.trim(),
      events: e.events,
      lastEventDate: e.last,
    })),
    equipment: equipmentLines(uploaded),
    trainingEvents: {
      total: totals?.total ?? 0,
      completed: totals?.completed ?? 0,
      failed: totals?.failed ?? 0,
      pending: totals?.pending ?? 0,
      first: totals?.first ?? null,
      last: totals?.last ?? null,
    },
    documents: {
      total: uploaded.length,
      first: documentDates.length ? dayString(new Date(Math.min(...documentDates))) : null,
      last: documentDates.length ? dayString(new Date(Math.max(...documentDates))) : null,
    },
    administrators: admins.map((a) => `${a.firstName} ${a.lastName}`.trim()),
  };
}
