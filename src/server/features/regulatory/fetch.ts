import { eq, sql } from 'drizzle-orm';
import { PART_142_SOURCE } from '@shared/api/regulatory';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { ParagraphChange, StoredParagraph } from '../../db/schema/regulatory';
import { regulationChanges, regulationSectionVersions } from '../../db/schema';
import type { JobLogger } from '../../jobs/types';
import { announceNewAlerts } from './alert-notices';
import { raiseChangeAlerts } from './change-alerts';
import { diffParagraphs } from './diff';
import {
  fetchPartXml,
  fetchVersionList,
  SourceFetchError,
  type FetchOptions,
  type VersionEntry,
} from './ecfr-client';
import { MalformedXmlError, parsePartXml, type ParsedSection } from './ecfr-xml';
import { mappedItemNumbers } from './mapping';
import { failRun, markRunning, setProgress, succeedRun } from './runs';

/*
 * One fetch of 14 CFR Part 142: the version list, then the text as of every version date not yet
 * stored, parsed into sections and paragraphs. Everything is read and compared first; the writes
 * (new versions, the changes between them, the alerts they raise) go in one transaction at the
 * end, so a failed request, malformed XML or a version list that goes backwards leaves the stored
 * data as it was, and the run says why.
 */

/** The first fetch stores the text of at most this many version dates (newest first). */
export const BASELINE_MAX_DATES = 40;
const SECTION_ID = /^142\.\d+$/;
// Any constant unique to this feature: one fetch writes at a time.
const WRITE_LOCK = 1_420_153;

export class FetchRefused extends Error {}

interface StoredVersion {
  id: string;
  section: string;
  versionDate: string;
  textHash: string | null;
  paragraphs: StoredParagraph[] | null;
}

interface NewVersion {
  entry: VersionEntry;
  parsed: ParsedSection | null;
  /** The row it updates (a version known only from the list before). */
  existingId: string | null;
}

interface PlannedChange {
  version: NewVersion;
  from: StoredVersion | NewVersion;
  paragraphs: ParagraphChange[];
  checklistItems: string[];
}

export interface FetchOutcome {
  versionsStored: number;
  changesFound: number;
  newChangeIds: string[];
  baseline: boolean;
  message: string;
}

export interface FetchDeps {
  db: Database;
  config: Config;
  log?: JobLogger;
  signal?: AbortSignal;
  onProgress?: (percent: number, message: string) => Promise<void>;
  today?: string;
}

async function storedVersions(db: Database): Promise<StoredVersion[]> {
  return db
    .select({
      id: regulationSectionVersions.id,
      section: regulationSectionVersions.section,
      versionDate: regulationSectionVersions.versionDate,
      textHash: regulationSectionVersions.textHash,
      paragraphs: regulationSectionVersions.paragraphs,
    })
    .from(regulationSectionVersions)
    .where(eq(regulationSectionVersions.source, PART_142_SOURCE));
}

const newest = (dates: string[]) => dates.reduce((a, b) => (b > a ? b : a), '');

/** Reads, compares and stores; throws FetchRefused / SourceFetchError / MalformedXmlError. */
export async function fetchPart142(deps: FetchDeps): Promise<FetchOutcome> {
  const { db, config } = deps;
  const progress = deps.onProgress ?? (async () => {});
  const today = deps.today ?? new Date().toISOString().slice(0, 10);
  const options: FetchOptions = {
    baseUrl: config.ECFR_BASE_URL,
    allowPrivate: config.FETCH_ALLOW_PRIVATE,
    signal: deps.signal,
  };

  await progress(5, 'Reading the eCFR version list');
  const entries = (await fetchVersionList(options)).filter((e) => SECTION_ID.test(e.identifier));
  if (entries.length === 0)
    throw new FetchRefused('the eCFR version list names no section of Part 142');

  const stored = await storedVersions(db);
  const withText = stored.filter((v) => v.textHash !== null);
  const storedNewest = newest(withText.map((v) => v.versionDate));
  const listedNewest = newest(entries.map((e) => e.date));
  if (storedNewest && listedNewest < storedNewest) {
    throw new FetchRefused(
      `the eCFR version list goes backwards: its newest version is ${listedNewest}, older than the ${storedNewest} version already stored`,
    );
  }
  const baseline = withText.length === 0;
  const key = (section: string, date: string) => `${section}@${date}`;
  const storedByKey = new Map(stored.map((v) => [key(v.section, v.versionDate), v]));
  const missing = entries.filter((e) => !storedByKey.get(key(e.identifier, e.date))?.textHash);
  let dates = [...new Set(missing.map((e) => e.date))].filter((d) => d <= today).sort();
  if (baseline) dates = dates.slice(-BASELINE_MAX_DATES);

  const texts = new Map<string, Map<string, ParsedSection>>();
  for (const [i, date] of dates.entries()) {
    await progress(10 + (75 * i) / Math.max(1, dates.length), `Reading the text as of ${date}`);
    const xml = await fetchPartXml(date, options);
    let sections: ParsedSection[];
    try {
      sections = parsePartXml(xml);
    } catch (error) {
      if (error instanceof MalformedXmlError) {
        throw new MalformedXmlError(
          `the eCFR text as of ${date} could not be read: ${error.message}`,
        );
      }
      throw error;
    }
    texts.set(date, new Map(sections.map((s) => [s.section, s])));
  }

  await progress(88, 'Comparing versions');
  const bySection = new Map<string, VersionEntry[]>();
  for (const e of entries) bySection.set(e.identifier, [...(bySection.get(e.identifier) ?? []), e]);
  const fresh: NewVersion[] = [];
  const changes: PlannedChange[] = [];
  for (const [section, list] of bySection) {
    const seen = new Set<string>();
    const sorted = list
      .filter((e) => !seen.has(e.date) && seen.add(e.date))
      .sort((a, b) => a.date.localeCompare(b.date));
    let previous: StoredVersion | NewVersion | null = null;
    for (const entry of sorted) {
      const existing = storedByKey.get(key(section, entry.date));
      if (existing?.textHash) {
        previous = existing;
        continue;
      }
      const parsed = texts.get(entry.date)?.get(section) ?? null;
      if (existing && !parsed) continue;
      const version: NewVersion = { entry, parsed, existingId: existing?.id ?? null };
      fresh.push(version);
      if (!parsed) continue;
      const before = previous && paragraphsOf(previous);
      if (before) {
        const paragraphs = diffParagraphs(before, parsed.paragraphs);
        if (paragraphs.length) {
          changes.push({
            version,
            from: previous!,
            paragraphs,
            checklistItems: mappedItemNumbers(
              section,
              paragraphs.map((p) => p.id),
            ),
          });
        }
      }
      previous = version;
    }
  }

  await progress(94, 'Storing new versions');
  const newChangeIds: string[] = [];
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${WRITE_LOCK})`);
    const [{ count }] = (await tx
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(regulationSectionVersions)
      .where(eq(regulationSectionVersions.source, PART_142_SOURCE))) as [{ count: number }];
    if (count !== stored.length) {
      throw new FetchRefused('another fetch stored versions meanwhile; this one wrote nothing');
    }
    const ids = new Map<NewVersion, string>();
    for (const version of fresh) {
      const { entry, parsed } = version;
      const values = {
        source: PART_142_SOURCE,
        section: entry.identifier,
        versionDate: entry.date,
        amendmentDate: entry.amendment_date ?? null,
        issueDate: entry.issue_date ?? null,
        name: parsed?.name ?? sectionName(entry),
        substantive: entry.substantive ?? true,
        removed: entry.removed ?? false,
        text: parsed?.text ?? null,
        paragraphs: parsed?.paragraphs ?? null,
        textHash: parsed?.hash ?? null,
        fetchedAt: new Date(),
      };
      if (version.existingId) {
        await tx
          .update(regulationSectionVersions)
          .set(values)
          .where(eq(regulationSectionVersions.id, version.existingId));
        ids.set(version, version.existingId);
      } else {
        const [row] = await tx
          .insert(regulationSectionVersions)
          .values(values)
          .returning({ id: regulationSectionVersions.id });
        ids.set(version, row!.id);
      }
    }
    for (const change of changes) {
      const fromId = 'id' in change.from ? change.from.id : ids.get(change.from)!;
      const [row] = await tx
        .insert(regulationChanges)
        .values({
          source: PART_142_SOURCE,
          section: change.version.entry.identifier,
          fromVersionId: fromId,
          toVersionId: ids.get(change.version)!,
          effectiveDate: change.version.entry.date,
          paragraphs: change.paragraphs,
          checklistItems: change.checklistItems,
          historical: baseline,
        })
        .returning();
      if (!baseline) {
        newChangeIds.push(row!.id);
        await raiseChangeAlerts(tx, row!, today);
      }
    }
  });
  await announceNewAlerts(db);

  const sections = new Set(fresh.map((v) => v.entry.identifier)).size;
  const message =
    fresh.length === 0
      ? `No new versions: the stored text is current (newest version ${storedNewest || listedNewest}).`
      : baseline
        ? `Baseline stored: ${fresh.length} versions of ${sections} sections; ${changes.length} past amendments kept as history.`
        : `Stored ${fresh.length} new versions of ${sections} sections; ${changes.length} changes found.`;
  return {
    versionsStored: fresh.length,
    changesFound: changes.length,
    newChangeIds,
    baseline,
    message,
  };
}

function paragraphsOf(version: StoredVersion | NewVersion): StoredParagraph[] | null {
  return 'parsed' in version ? (version.parsed?.paragraphs ?? null) : version.paragraphs;
}

function sectionName(entry: VersionEntry): string {
  return (entry.name ?? entry.identifier).replace(/^§+\s*[\d.]+\s*/, '').replace(/\.$/, '');
}

/** The job's work: the run's progress and outcome on its row; never throws for a source problem. */
export async function runFetch(deps: FetchDeps, runId: string): Promise<void> {
  const { db } = deps;
  if (!(await markRunning(db, runId))) return;
  try {
    const outcome = await fetchPart142({
      ...deps,
      onProgress: (percent, message) => setProgress(db, runId, percent, message),
    });
    await succeedRun(db, runId, outcome);
    deps.log?.info({ runId, ...outcome }, 'regulatory fetch succeeded');
  } catch (error) {
    const known =
      error instanceof SourceFetchError ||
      error instanceof MalformedXmlError ||
      error instanceof FetchRefused;
    const reason = known
      ? (error as Error).message
      : 'an unexpected error stopped the fetch (details are in the server log)';
    deps.log?.[known ? 'warn' : 'error']({ runId, err: error }, 'regulatory fetch failed');
    await failRun(db, runId, `Nothing was changed: ${reason}.`);
  }
}
