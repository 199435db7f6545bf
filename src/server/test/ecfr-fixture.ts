import { createServer, type Server } from 'node:http';
import paragraphData from '@shared/checklist/data/part142-paragraphs.json';

/*
 * A local stand-in for the eCFR versioner API (tests and the benchmark never reach the internet):
 * `GET /api/versioner/v1/versions/title-14.json?part=142` and
 * `GET /api/versioner/v1/full/{date}/title-14.xml?part=142`, shaped like the real answers. The
 * text of each paragraph is the one-line summary from part142-paragraphs.json (our own words),
 * so every paragraph id the fixture serves exists in Part 142.
 *
 * Versions: 2017-01-03 (every section), 2025-01-21 (142.47 amended: (a)(5) reworded, (a)(5)(iv)
 * added) and, once switched to `amended`, 2026-10-01 (142.53 amended: (a)(2) reworded, (d)
 * added).
 */

export interface FixtureParagraph {
  id: string;
  text: string;
}

export interface FixtureSection {
  section: string;
  name: string;
  /** e.g. `C`. */
  subpart: string;
  paragraphs: FixtureParagraph[];
}

export interface FixtureVersion {
  date: string;
  /** The sections amended on that date (all of them for the first version). */
  sections: FixtureSection[];
}

interface DataEntry {
  section: string;
  title: string;
  subpart: string;
  reserved?: boolean;
  undesignated_summary?: string;
  paragraphs?: { id: string; summary: string }[];
}

const DATA = paragraphData as DataEntry[];

/** A section of Part 142 as the data file describes it, its paragraphs' text the summaries. */
export function dataSection(section: string): FixtureSection {
  const entry = DATA.find((e) => e.section === section);
  if (!entry) throw new Error(`no section ${section} in part142-paragraphs.json`);
  const paragraphs = (entry.paragraphs ?? []).map((p) => ({ id: p.id, text: p.summary }));
  if (paragraphs.length === 0) {
    paragraphs.push({ id: '', text: entry.undesignated_summary ?? `${entry.title}.` });
  }
  return {
    section: entry.section,
    name: entry.title,
    subpart: entry.subpart.split(' ')[0]!,
    paragraphs,
  };
}

/** Every section of Part 142 with text (reserved ones left out), in CFR order. */
export function allDataSections(): FixtureSection[] {
  return DATA.filter((e) => !e.reserved && /^142\.\d+$/.test(e.section)).map((e) =>
    dataSection(e.section),
  );
}

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The last designator of an id: `(a)(5)(iv)` → `(iv)`; eCFR P elements start with it. */
const ownDesignator = (id: string) => /\([^)]+\)$/.exec(id)?.[0] ?? '';

/** The part's XML as the versioner's `full` endpoint answers it. */
export function buildPartXml(sections: FixtureSection[]): string {
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<DIV5 N="142" NODE="14:3.0.1.1.20" TYPE="PART">',
    '<HEAD>PART 142—TRAINING CENTERS</HEAD>',
    '<AUTH><HED>Authority:</HED><PSPACE>49 U.S.C. 106(f), 40113, 40119, 44101, 44701-44703, 44705, 44707, 44709-44711, 45102-45103, 45301-45302.</PSPACE></AUTH>',
  ];
  let subpart: string | null = null;
  for (const s of sections) {
    if (s.subpart !== subpart) {
      if (subpart !== null) out.push('</DIV6>');
      subpart = s.subpart;
      out.push(`<DIV6 N="${subpart}" TYPE="SUBPART"><HEAD>Subpart ${subpart}</HEAD>`);
    }
    out.push(`<DIV8 N="${s.section}" TYPE="SECTION">`);
    out.push(`<HEAD>§ ${s.section}   ${escapeXml(s.name)}.</HEAD>`);
    for (const p of s.paragraphs) {
      const designator = ownDesignator(p.id);
      const [first, ...rest] = p.text.split(' ');
      // Like the eCFR, a word set in italics now and then: the parser must read mixed content.
      const body = rest.length
        ? `<I>${escapeXml(first!)}</I> ${escapeXml(rest.join(' '))}`
        : escapeXml(p.text);
      out.push(`<P>${designator ? `${designator} ` : ''}${body}</P>`);
    }
    out.push('<CITA TYPE="N">[Doc. No. 26933, 61 FR 34562, July 2, 1996]</CITA>');
    out.push('</DIV8>');
  }
  if (subpart !== null) out.push('</DIV6>');
  out.push('</DIV5>');
  return out.join('\n');
}

/** The sections' text as of `date`: every version up to it applied in order. */
export function sectionsAsOf(versions: FixtureVersion[], date: string): FixtureSection[] {
  const current = new Map<string, FixtureSection>();
  for (const v of [...versions].sort((a, b) => a.date.localeCompare(b.date))) {
    if (v.date > date) break;
    for (const s of v.sections) current.set(s.section, s);
  }
  return [...current.values()].sort((a, b) => sectionOrder(a.section) - sectionOrder(b.section));
}

const sectionOrder = (s: string) => Number(s.split('.')[1]);

/** The versioner's version list (`content_versions`, newest last like the real API). */
export function versionsJson(versions: FixtureVersion[]) {
  const content_versions = versions.flatMap((v) =>
    v.sections.map((s) => ({
      date: v.date,
      amendment_date: v.date,
      issue_date: v.date,
      identifier: s.section,
      name: `§ ${s.section} ${s.name}.`,
      part: '142',
      section: s.section,
      substantive: true,
      removed: false,
      subpart: s.subpart,
      title: '14',
      type: 'section',
    })),
  );
  const dates = versions.map((v) => v.date).sort();
  return {
    content_versions,
    meta: {
      title: '14',
      result_count: content_versions.length,
      issue_date: { lte: dates.at(-1), gte: dates[0] },
      latest_amendment_date: dates.at(-1),
      latest_issue_date: dates.at(-1),
    },
  };
}

function amend(
  section: FixtureSection,
  reworded: Record<string, string>,
  added: { after: string; paragraph: FixtureParagraph }[] = [],
): FixtureSection {
  const paragraphs = section.paragraphs.map((p) =>
    reworded[p.id] ? { ...p, text: reworded[p.id]! } : p,
  );
  for (const { after, paragraph } of added) {
    paragraphs.splice(paragraphs.findIndex((p) => p.id === after) + 1, 0, paragraph);
  }
  return { ...section, paragraphs };
}

const without = (section: FixtureSection, ...ids: string[]): FixtureSection => ({
  ...section,
  paragraphs: section.paragraphs.filter((p) => !ids.includes(p.id)),
});

export const FIXTURE_SECTIONS = ['142.47', '142.53', '142.73'];

const s47 = dataSection('142.47');
const s53 = dataSection('142.53');
const s73 = dataSection('142.73');

/** 142.47(a)(5) before the 2025 amendment added the rotorcraft option. */
export const OLD_142_47_A5 =
  'Meets one option in (a)(5)(i)-(iii): commercial-level experience or certificate; ATP-level experience or ATP for type-rated FSTDs and ATP curricula; 1996 grandfathering.';
export const NEW_142_53_A2 =
  'Complete an approved ground course on learning principles, effective teaching, instructor duties, policies, CRM, threat and error management and evaluation.';

export const VERSION_2017: FixtureVersion = {
  date: '2017-01-03',
  sections: [amend(s47, { '(a)(5)': OLD_142_47_A5 }), without(s53, '(d)'), s73],
};
export const VERSION_2025: FixtureVersion = {
  date: '2025-01-21',
  sections: [
    amend(s47, {}, [
      {
        after: '(a)(5)',
        paragraph: {
          id: '(a)(5)(iv)',
          text: 'For a rotorcraft flight simulation training device, an allowance for instructors meeting the rotorcraft experience the option describes.',
        },
      },
    ]),
  ],
};
export const VERSION_2026: FixtureVersion = {
  date: '2026-10-01',
  sections: [amend(s53, { '(a)(2)': NEW_142_53_A2 })],
};

export type FixtureMode =
  'baseline' | 'amended' | 'malformed-xml' | 'server-error' | 'huge-body' | 'backwards';

export interface EcfrFixture {
  url: string;
  mode: FixtureMode;
  /** Paths asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

const HUGE_BYTES = 30 * 1024 * 1024;

export function versionsFor(mode: FixtureMode): FixtureVersion[] {
  if (mode === 'backwards') return [VERSION_2017];
  if (mode === 'baseline' || mode === 'server-error') return [VERSION_2017, VERSION_2025];
  return [VERSION_2017, VERSION_2025, VERSION_2026];
}

/** Listens on 127.0.0.1 (a free port); set `mode` to change what it serves. */
export async function startEcfrFixture(mode: FixtureMode = 'baseline'): Promise<EcfrFixture> {
  const fixture: EcfrFixture = { url: '', mode, requests: [], close: async () => {} };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fixture');
    fixture.requests.push(url.pathname + url.search);
    if (fixture.mode === 'server-error') {
      response.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
      return;
    }
    if (fixture.mode === 'huge-body') {
      // A body past any sane bound, on every path: the client must stop reading, not buffer it.
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const write = () => {
        while (sent < HUGE_BYTES) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', write);
        }
        response.end();
      };
      response.on('error', () => {});
      write();
      return;
    }
    const versions = versionsFor(fixture.mode);
    if (
      url.pathname === '/api/versioner/v1/versions/title-14.json' &&
      url.searchParams.get('part') === '142'
    ) {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(versionsJson(versions)));
      return;
    }
    const full = /^\/api\/versioner\/v1\/full\/(\d{4}-\d{2}-\d{2})\/title-14\.xml$/.exec(
      url.pathname,
    );
    if (full && url.searchParams.get('part') === '142') {
      const date = full[1]!;
      if (fixture.mode === 'malformed-xml' && date === VERSION_2026.date) {
        response
          .writeHead(200, { 'content-type': 'application/xml' })
          .end(
            '<DIV5 N="142" TYPE="PART"><DIV8 N="142.53" TYPE="SECTION"><HEAD>§ 142.53</HEAD><P>(a) unclosed',
          );
        return;
      }
      response
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(buildPartXml(sectionsAsOf(versions, date)));
      return;
    }
    response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  fixture.url = `http://127.0.0.1:${address.port}`;
  fixture.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fixture;
}
