import { createHash } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { StoredParagraph } from '../../db/schema/regulatory';

/*
 * The eCFR versioner's XML of a part: `DIV8 TYPE="SECTION" N="142.53"` elements holding a HEAD
 * and P elements whose text starts with the paragraph's designator, `(a)`, `(1)`, `(i)`, `(A)`.
 * A P carries only its own level's designator ("(2) …" under (a)), or several when the upper
 * levels have no words of their own ("(c)(1) …"); the level is worked out from the sequence.
 */

export interface ParsedSection {
  /** e.g. `142.53`. */
  section: string;
  /** The heading without the section sign and number, e.g. `Training center instructor …`. */
  name: string;
  /** Heading and paragraphs, one per line block: what is hashed and shown. */
  text: string;
  paragraphs: StoredParagraph[];
  hash: string;
}

export class MalformedXmlError extends Error {}

type Node = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  trimValues: false,
  processEntities: true,
  parseTagValue: false,
});

function childrenOf(node: Node): Node[] {
  for (const [key, value] of Object.entries(node)) {
    if (key !== ':@' && key !== '#text' && Array.isArray(value)) return value as Node[];
  }
  return [];
}

function tagOf(node: Node): string | null {
  for (const key of Object.keys(node)) if (key !== ':@') return key;
  return null;
}

function textOf(nodes: Node[]): string {
  let out = '';
  for (const node of nodes) {
    if ('#text' in node) out += String(node['#text']);
    else out += textOf(childrenOf(node));
  }
  return out;
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

const LEVELS = 4;
const DESIGNATORS = /^((?:\((?:[a-z]{1,4}|\d{1,3}|[A-Z])\)\s?)+)/;
const ROMAN = /^[ivxl]+$/;
const ROMANS = ['i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix', 'x', 'xi', 'xii', 'xiii'];

function nextLetter(letter: string | undefined): string {
  return letter ? String.fromCharCode(letter.charCodeAt(0) + 1) : 'a';
}
function nextRoman(roman: string | undefined): string {
  return roman ? (ROMANS[ROMANS.indexOf(roman) + 1] ?? '') : 'i';
}

/** The level (0: (a), 1: (1), 2: (i), 3: (A)) of a designator, given where the text stands. */
function levelOf(token: string, path: (string | undefined)[]): number {
  if (/^\d+$/.test(token)) return 1;
  if (/^[A-Z]$/.test(token)) return 3;
  if (ROMAN.test(token) && path[1] !== undefined) {
    const asRoman = nextRoman(path[2]) === token || (path[2] !== undefined && token.length > 1);
    const asLetter = token.length === 1 && nextLetter(path[0]) === token;
    // (i) after (h)(3): a new (i) or the first item under (3)? Part 142 has no (i) paragraph at
    // the top level, so the roman reading wins a tie.
    if (asRoman || !asLetter) return 2;
  }
  return 0;
}

/** Splits a section's P texts into paragraphs with ids as cited, e.g. `(a)(1)(i)`. */
export function paragraphsOf(texts: string[]): StoredParagraph[] {
  const paragraphs: StoredParagraph[] = [];
  const path: (string | undefined)[] = [];
  let current: StoredParagraph | null = null;
  for (const raw of texts) {
    const text = squash(raw);
    if (!text) continue;
    const match = DESIGNATORS.exec(text);
    if (!match) {
      // Undesignated text: a lead-in before (a), or words closing the paragraph above.
      if (current) current.text = `${current.text} ${text}`;
      else {
        current = { id: '', text };
        paragraphs.push(current);
      }
      continue;
    }
    const tokens = [...match[1]!.matchAll(/\(([^)]+)\)/g)].map((m) => m[1]!);
    let level = levelOf(tokens[0]!, path);
    for (const [i, token] of tokens.entries()) {
      if (i > 0) level += 1;
      if (level >= LEVELS) throw new MalformedXmlError(`paragraph nesting too deep at (${token})`);
      path[level] = token;
      path.length = level + 1;
    }
    const id = path.map((t) => `(${t})`).join('');
    current = { id, text: text.slice(match[0].length).trim() };
    const existing = paragraphs.find((p) => p.id === id);
    if (existing) existing.text = `${existing.text} ${current.text}`.trim();
    else paragraphs.push(current);
  }
  return paragraphs;
}

export function sectionText(heading: string, paragraphs: StoredParagraph[]): string {
  return [heading, ...paragraphs.map((p) => (p.id ? `${p.id} ${p.text}` : p.text))].join('\n\n');
}

export function hashText(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function collectSections(nodes: Node[], out: ParsedSection[]) {
  for (const node of nodes) {
    const tag = tagOf(node);
    if (!tag || tag === '#text') continue;
    const attributes = (node[':@'] ?? {}) as Record<string, string>;
    if (/^DIV\d$/.test(tag) && attributes.TYPE === 'SECTION') {
      const children = childrenOf(node);
      const head = squash(textOf(children.filter((c) => tagOf(c) === 'HEAD')));
      const section = attributes.N ?? /§\s*([\d.]+)/.exec(head)?.[1];
      if (!section) throw new MalformedXmlError('a SECTION element has no number');
      const name = squash(head.replace(/^§+\s*[\d.]+\s*/, '')).replace(/\.$/, '');
      const paragraphs = paragraphsOf(
        children
          .filter((c) => tagOf(c) === 'P' || tagOf(c) === 'FP')
          .map((c) => textOf(childrenOf(c))),
      );
      const text = sectionText(head, paragraphs);
      out.push({ section, name, text, paragraphs, hash: hashText(text) });
    } else {
      collectSections(childrenOf(node), out);
    }
  }
}

/** Every section of the part's XML, in document order; throws MalformedXmlError on bad XML. */
export function parsePartXml(xml: string): ParsedSection[] {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new MalformedXmlError(
      `the XML is malformed (line ${valid.err.line}, column ${valid.err.col}: ${valid.err.msg})`,
    );
  }
  const sections: ParsedSection[] = [];
  collectSections(parser.parse(xml) as Node[], sections);
  if (sections.length === 0) throw new MalformedXmlError('the XML holds no SECTION elements');
  return sections;
}
