import { createHash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { CHECKLIST_AREAS } from '@shared/checklist/areas';
import { CURRENT_CATALOGUE } from '@shared/checklist/catalogue';
import { referenceProblems } from '@shared/checklist/reference-validation';
import type { Catalogue, CatalogueItem } from '@shared/checklist/types';
import type { CatalogueSummary } from '@shared/api/checklist';
import type { Database, DbOrTx } from '../../db/client';
import { checklistCatalogues, checklistItems } from '../../db/schema';

// Any constant unique to this feature: serialises catalogue loads of several starting nodes.
const LOAD_LOCK = 1_420_142;

export type LoadOutcome = 'loaded' | 'unchanged' | 'refreshed';

export function catalogueHash(catalogue: Catalogue): string {
  const canonical = catalogue.items.map((i) => [i.number, i.areaId, i.description, i.reference]);
  return createHash('sha256')
    .update(JSON.stringify([catalogue.version, catalogue.label, canonical]))
    .digest('hex');
}

/** Refuses a catalogue that cites a paragraph Part 142 does not have, before it reaches anyone. */
export function assertCatalogueValid(catalogue: Catalogue) {
  const problems = catalogue.items.flatMap((item) =>
    referenceProblems(item.reference).map((p) => `${item.number}: ${p}`),
  );
  const numbers = new Set(catalogue.items.map((i) => i.number));
  if (numbers.size !== catalogue.items.length) problems.push('item numbers repeat');
  if (problems.length) {
    throw new Error(
      `Checklist catalogue v${catalogue.version} is invalid:\n  ${problems.join('\n  ')}`,
    );
  }
}

/**
 * Writes a catalogue version into the database. Idempotent and safe when several nodes start at
 * once. A released version should never change; if its text did change (during development),
 * its rows are replaced so the database mirrors the code. Responses are keyed by item number and
 * are never touched here.
 */
export async function loadCatalogue(db: Database, catalogue: Catalogue): Promise<LoadOutcome> {
  assertCatalogueValid(catalogue);
  const hash = catalogueHash(catalogue);
  read = new WeakMap();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOAD_LOCK})`);
    const [existing] = await tx
      .select()
      .from(checklistCatalogues)
      .where(eq(checklistCatalogues.version, catalogue.version));
    if (existing?.contentHash === hash) return 'unchanged';
    if (existing) {
      await tx.delete(checklistItems).where(eq(checklistItems.catalogueVersion, catalogue.version));
      await tx
        .update(checklistCatalogues)
        .set({
          label: catalogue.label,
          itemCount: catalogue.items.length,
          contentHash: hash,
          loadedAt: new Date(),
        })
        .where(eq(checklistCatalogues.version, catalogue.version));
    } else {
      await tx.insert(checklistCatalogues).values({
        version: catalogue.version,
        label: catalogue.label,
        itemCount: catalogue.items.length,
        contentHash: hash,
      });
    }
    await tx.insert(checklistItems).values(
      catalogue.items.map((item, position) => ({
        catalogueVersion: catalogue.version,
        number: item.number,
        areaId: item.areaId,
        position,
        description: item.description,
        reference: item.reference,
      })),
    );
    return existing ? 'refreshed' : 'loaded';
  });
}

const loads = new WeakMap<Database, Promise<LoadOutcome>>();

/** Loads the current catalogue once per database handle (every app built on it shares the load). */
export function ensureCurrentCatalogue(db: Database): Promise<LoadOutcome> {
  let load = loads.get(db);
  if (!load) {
    load = loadCatalogue(db, CURRENT_CATALOGUE);
    load.catch(() => loads.delete(db));
    loads.set(db, load);
  }
  return load;
}

export interface CatalogueInfo {
  version: number;
  label: string;
  items: CatalogueItem[];
}

/**
 * Catalogues read, per database handle and version. A version's content is fixed by its hash
 * (only `loadCatalogue` writes it, and it clears this); every checklist page reads it.
 */
let read = new WeakMap<DbOrTx, Map<number, Promise<CatalogueInfo | null>>>();

/** A loaded catalogue version's items, in catalogue order; null when that version was never loaded. */
export function readCatalogue(db: DbOrTx, version: number): Promise<CatalogueInfo | null> {
  let versions = read.get(db);
  if (!versions) read.set(db, (versions = new Map()));
  let catalogue = versions.get(version);
  if (!catalogue) {
    catalogue = readCatalogueRows(db, version);
    const forget = () => versions.delete(version);
    // A version not loaded yet, or a failed read, is asked again next time.
    catalogue.then((found) => found ?? forget(), forget);
    versions.set(version, catalogue);
  }
  return catalogue;
}

async function readCatalogueRows(db: DbOrTx, version: number): Promise<CatalogueInfo | null> {
  const [head] = await db
    .select()
    .from(checklistCatalogues)
    .where(eq(checklistCatalogues.version, version));
  if (!head) return null;
  const rows = await db
    .select()
    .from(checklistItems)
    .where(eq(checklistItems.catalogueVersion, version))
    .orderBy(asc(checklistItems.position));
  return {
    version: head.version,
    label: head.label,
    items: rows.map((r) => ({
      number: r.number,
      areaId: r.areaId as CatalogueItem['areaId'],
      description: r.description,
      reference: r.reference,
    })),
  };
}

export async function readCatalogueItem(db: DbOrTx, version: number, number: string) {
  const [row] = await db
    .select()
    .from(checklistItems)
    .where(and(eq(checklistItems.catalogueVersion, version), eq(checklistItems.number, number)));
  return row;
}

/** Items per area of a loaded version, counted in the database (the public summary). */
export async function summarizeCatalogue(db: DbOrTx, version: number): Promise<CatalogueSummary> {
  const rows = await db
    .select({ areaId: checklistItems.areaId, n: sql<number>`count(*)::int` })
    .from(checklistItems)
    .where(eq(checklistItems.catalogueVersion, version))
    .groupBy(checklistItems.areaId);
  const counts = new Map(rows.map((r) => [r.areaId, Number(r.n)]));
  const areas = CHECKLIST_AREAS.map((a) => ({
    id: a.id,
    name: a.name,
    count: counts.get(a.id) ?? 0,
  }));
  return { areas, total: areas.reduce((sum, a) => sum + a.count, 0), version };
}
