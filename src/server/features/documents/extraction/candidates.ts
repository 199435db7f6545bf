import type { Box, FieldName } from '../reading/types';
import { looksLikeCityLine } from './address';
import { normaliseLabel, sectionOf, type LabelTarget, type Section } from './labels';
import { labelAt, overlapX, type LabelHit, type Lexicon, type Row, type Span } from './layout';
import { BOX, parseValue, type ParsedValue } from './values';

/** How a value was tied to its label; each has its own prior in the confidence model. */
export type Relation =
  'inline' | 'inline-nosep' | 'right' | 'below' | 'above' | 'prose' | 'derived' | 'table';

export interface Candidate {
  field: FieldName;
  value: string;
  page: number;
  box?: Box;
  label?: string;
  relation: Relation;
  labelStrength: number;
  genericLabel: boolean;
  validity: number;
  ocrConfidence: number;
  /** Rows between label and value (below/above), 0 otherwise. */
  distance: number;
  /** OCR words corrected toward the vocabulary to read the value. */
  corrected?: number;
}

const NAME_FIELDS: FieldName[] = ['studentName', 'instructorName'];

/** Under an instructor heading, "Name" is the instructor and their numbers are not the student's. */
function resolveTargets(targets: LabelTarget[], section: Section, label: string): FieldName[] {
  const fields = targets.filter((t): t is FieldName => t !== 'other');
  if (section !== 'instructor') return fields;
  const plainName = /^(name|full name)$/.test(normaliseLabel(label));
  return fields.flatMap((f): FieldName[] => {
    if (f === 'studentName') return plainName ? ['instructorName'] : [];
    if (f === 'licenseNumber' || f === 'certificateType' || f === 'dateOfBirth' || f === 'address')
      return [];
    return [f];
  });
}

/** Sections by row: a heading row sets the section until the next heading. */
export function sectionsOf(rows: Row[]): Map<Row, Section> {
  const sections = new Map<Row, Section>();
  let current: Section;
  let page = 0;
  for (const row of rows) {
    if (row.page !== page) [current, page] = [undefined, row.page];
    if (row.spans.length === 1) {
      const heading = sectionOf(normaliseLabel(row.spans[0]!.text));
      if (heading !== null) current = heading;
    }
    sections.set(row, current);
  }
  return sections;
}

/** A span may hold a value unless it is a label itself — or a label-like value that fits. */
function valueSpan(span: Span, field: FieldName, lexicon: Lexicon): ParsedValue | undefined {
  const asLabel = labelAt(span.text, lexicon);
  const parsed = parseValue(field, span.text, span.confidence < 1);
  if (!asLabel || !parsed) return parsed;
  if (asLabel.separator === ':') return undefined;
  if (asLabel.value === '') {
    // "Flight Instructor" under "Certificate Type" is a value; "Certificate No." beside
    // "Student Name" in a header row is the next column's label.
    return field === 'certificateType' || field === 'eventType' ? parsed : undefined;
  }
  // "Airline Transport Pilot" starts like the label "Airline" but is a certificate grade: a
  // span is a label-and-value pair only when its rest reads as one of the label's fields.
  const pair = asLabel.entry.targets.some((t) => t !== 'other' && parseValue(t, asLabel.value));
  return pair || parsed.validity < 0.7 ? undefined : parsed;
}

/** One to three words and a colon at the start of what follows a label: the label's own end. */
const LABEL_REST = /^(?:[A-Za-z.()'’-]+\s+){0,2}[A-Za-z.()'’-]+\s*:\s*(\S.*)$/;

/** Fields whose value a form has the writer choose among printed options. */
const OPTION_FIELDS: readonly FieldName[] = ['certificateType', 'eventType', 'result'];

/**
 * "Grade | Private | Commercial | ATP | CFI": a row whose spans name two or more different values
 * of the field is the form's printed list of options. Unless a tick box was read (and then the
 * span says "[x]"), nothing tells which one applies, so none is taken.
 */
function amongPrintedOptions(row: Row, field: FieldName, label: Span): boolean {
  if (!OPTION_FIELDS.includes(field)) return false;
  const options = new Set<string>();
  for (const span of row.spans) {
    if (span === label || BOX.test(span.text)) continue;
    const parsed = parseValue(field, span.text);
    if (parsed) options.add(parsed.value);
  }
  return options.size >= 2;
}

/** The value written under (or over) a label: the nearest span in its column, a few lines away at most. */
function spanBelow(
  rows: Row[],
  at: number,
  anchor: Span,
  direction: 1 | -1,
): { span: Span; distance: number } | undefined {
  const origin = rows[at]!;
  for (let step = 1; step <= 4; step++) {
    const row = rows[at + direction * step];
    if (!row || row.page !== origin.page) return undefined;
    if (!anchor.box || origin.height <= 0) {
      // No boxes (Word files, spreadsheets): the value is the cell in the same position below.
      if (step > 1) return undefined;
      const same =
        row.spans[origin.spans.indexOf(anchor)] ??
        (row.spans.length === 1 ? row.spans[0] : undefined);
      return same ? { span: same, distance: step } : undefined;
    }
    const a = anchor.box;
    const edge = row.spans[0]?.box;
    if (edge) {
      const gap = direction === 1 ? edge.y0 - a.y1 : a.y0 - edge.y1;
      if (gap > origin.height * 3) return undefined;
    }
    const found = row.spans.find((s) => s.box && overlapX(a, s.box) > 0.3);
    if (found) return { span: found, distance: step };
  }
  return undefined;
}

function base(hit: LabelHit, field: FieldName, section: Section) {
  return {
    field,
    page: hit.row.page,
    label: hit.label,
    labelStrength: hit.strength,
    // Under a heading, a one-word label such as "Name" is no longer ambiguous.
    genericLabel: hit.entry.generic && section === undefined,
  };
}

/**
 * Pages whose labels are captions printed under the values (a value typed on a rule, its caption
 * beneath): the first row that holds only labels has, right above it, a value for most of them.
 * A form whose labels sit above their values has a title there instead.
 */
function captionPages(rows: Row[], hits: LabelHit[], lexicon: Lexicon): Set<number> {
  const byRow = new Map<Row, LabelHit[]>();
  for (const hit of hits) byRow.set(hit.row, [...(byRow.get(hit.row) ?? []), hit]);
  const pages = new Set<number>();
  const seen = new Set<number>();
  rows.forEach((row, at) => {
    if (seen.has(row.page)) return;
    const labels = byRow.get(row) ?? [];
    const labelsOnly =
      labels.length > 0 &&
      labels.length === row.spans.length &&
      labels.every((h) => h.value === '' && h.span.box);
    if (!labelsOnly) return;
    seen.add(row.page);
    const valued = labels.filter((h) => {
      const above = spanBelow(rows, at, h.span, -1);
      if (!above || above.distance !== 1) return false;
      const fields = h.entry.targets.filter((t): t is FieldName => t !== 'other');
      return fields.some((f) => valueSpan(above.span, f, lexicon) !== undefined);
    });
    if (valued.length >= Math.max(1, Math.ceil(labels.length * 0.6))) pages.add(row.page);
  });
  return pages;
}

/** Candidates for every labelled value: on the same line, in the next column, below or above. */
export function labelledCandidates(rows: Row[], hits: LabelHit[], lexicon: Lexicon): Candidate[] {
  const sections = sectionsOf(rows);
  const rowIndex = new Map(rows.map((r, i) => [r, i]));
  const captioned = captionPages(rows, hits, lexicon);
  const out: Candidate[] = [];
  for (const hit of hits) {
    const section = sections.get(hit.row);
    const fields = resolveTargets(hit.entry.targets, section, hit.label);
    const at = rowIndex.get(hit.row)!;
    for (const field of fields) {
      if (hit.value !== '') {
        // "Curriculum reference: King Air 350 …": the known word began a longer label, which
        // ends at the colon; the value is what follows it.
        const rest = hit.separator !== ':' ? LABEL_REST.exec(hit.value) : null;
        const text = rest ? rest[1]! : hit.value;
        const parsed = parseValue(field, text, hit.span.confidence < 1);
        if (!parsed) continue;
        // "Trainee demonstrated satisfactory proficiency…": without a colon, a label word at the
        // start of a sentence is not a label unless what follows reads well as the value.
        if (hit.separator !== ':' && parsed.validity < 0.6) continue;
        const c: Candidate = {
          ...base(hit, field, section),
          value: parsed.value,
          box: hit.span.box,
          relation: hit.separator === ':' ? 'inline' : 'inline-nosep',
          validity: parsed.validity,
          corrected: parsed.corrected,
          ocrConfidence: hit.span.confidence,
          distance: 0,
        };
        out.push(field === 'address' ? continueAddress(c, rows, at, hit.span, hit.value) : c);
        continue;
      }
      // The next column's value, stepping over a speck read as a letter or two ("A", "i").
      const next = hit.row.spans.slice(hit.spanIndex + 1, hit.spanIndex + 3);
      const right = hit.endsSpan
        ? next.find((s) => s.text.replace(/\W/g, '').length > 2)
        : undefined;
      const placements: { span: Span; relation: Relation; distance: number; rowAt: number }[] = [];
      if (right) placements.push({ span: right, relation: 'right', distance: 0, rowAt: at });
      const below = spanBelow(rows, at, hit.span, 1);
      const above = spanBelow(rows, at, hit.span, -1);
      // On a page of captions the value is above its label, whatever the field.
      if (captioned.has(hit.row.page) && above) {
        placements.push({ ...above, relation: 'above', rowAt: at - above.distance });
      }
      if (below) placements.push({ ...below, relation: 'below', rowAt: at + below.distance });
      if (NAME_FIELDS.includes(field) && above && !captioned.has(hit.row.page)) {
        placements.push({ ...above, relation: 'above', rowAt: at - above.distance });
      }
      for (const placement of placements) {
        if (amongPrintedOptions(rows[placement.rowAt]!, field, hit.span)) break;
        const parsed = valueSpan(placement.span, field, lexicon);
        if (!parsed) continue;
        const c: Candidate = {
          ...base(hit, field, section),
          value: parsed.value,
          box: placement.span.box,
          relation: placement.relation,
          validity: parsed.validity,
          corrected: parsed.corrected,
          ocrConfidence: placement.span.confidence,
          distance: placement.distance,
        };
        out.push(
          field === 'address'
            ? addressFromPartsBelow(
                placement.relation === 'right'
                  ? continueAddress(c, rows, placement.rowAt, placement.span, placement.span.text)
                  : addressFromParts(
                      continueAddress(
                        c,
                        rows,
                        placement.rowAt,
                        placement.span,
                        placement.span.text,
                      ),
                      hit,
                      rows[placement.rowAt]!,
                      placement.span,
                    ),
                rows,
                placement.rowAt,
                placement.span,
              )
            : c,
        );
        // The nearest placement that reads as a value wins; do not also offer farther ones.
        break;
      }
    }
  }
  return out;
}

const ADDRESS_PART = /^(?:city|town|state|st|province|zip|zip code|postal code|postcode)$/i;

/**
 * "5279 Aviation Pkwy | Scottsdale | AZ | 85295" over "Street address | City | State | ZIP": an
 * address whose parts each have a box of their own, in the row of values beside the street.
 */
function addressFromParts(c: Candidate, label: LabelHit, valueRow: Row, street: Span): Candidate {
  const parts = label.row.spans
    .slice(label.spanIndex + 1)
    .filter((s) => ADDRESS_PART.test(normaliseLabel(s.text)));
  return joinAddressParts(c, street, parts, valueRow);
}

/**
 * "4. ADDRESS (No. and Street, Apt.)" over "8938 CEDAR LN", then a row of boxes "CITY | STATE |
 * ZIP CODE" with "NASHVILLE | TN | 37201" under them: the parts of the address in boxes of their
 * own on the rows below the street.
 */
function addressFromPartsBelow(c: Candidate, rows: Row[], at: number, street: Span): Candidate {
  const labels = rows[at + 1];
  const values = rows[at + 2];
  if (!labels || !values || labels.page !== rows[at]!.page || values.page !== labels.page) return c;
  const parts = labels.spans.filter((s) => ADDRESS_PART.test(normaliseLabel(s.text)));
  // A row of captions only, the city's first and under the street.
  if (parts.length < 2 || parts.length !== labels.spans.length) return c;
  if (!/^(?:city|town)$/i.test(normaliseLabel(parts[0]!.text))) return c;
  if (!street.box || !parts[0]!.box || parts[0]!.box.x0 > street.box.x1) return c;
  return joinAddressParts(c, street, parts, values);
}

/** The street with the value boxed under (or over) each part's caption, when every part has one. */
function joinAddressParts(c: Candidate, street: Span, parts: Span[], valueRow: Row): Candidate {
  if (parts.length === 0 || !street.box) return c;
  const values = parts
    .map((part) =>
      valueRow.spans.find(
        (v) => v !== street && v.box && part.box && overlapX(v.box, part.box) > 0.3,
      ),
    )
    .filter((v): v is Span => v !== undefined);
  if (values.length !== parts.length) return c;
  const [city, ...rest] = values.map((v) => v.text.trim());
  const joined = parseValue('address', `${street.text.trim()}, ${city}, ${rest.join(' ')}`);
  if (!joined || joined.validity < c.validity) return c;
  return {
    ...c,
    value: joined.value,
    validity: joined.validity,
    ocrConfidence: Math.min(c.ocrConfidence, ...values.map((v) => v.confidence)),
  };
}

/** "Address: 1234 Maple Ave" with "Springfield, IL 62704" on the next line is one address. */
function continueAddress(
  c: Candidate,
  rows: Row[],
  at: number,
  span: Span,
  text: string,
): Candidate {
  if (c.validity >= 1 || looksLikeCityLine(text)) return c;
  const next = rows[at + 1];
  if (!next || next.page !== rows[at]!.page) return c;
  const follow =
    next.spans.find(
      (s) =>
        s.box &&
        span.box &&
        s.box.x0 < span.box.x1 &&
        s.box.x1 > span.box.x0 - 5 &&
        looksLikeCityLine(s.text),
    ) ?? next.spans.find((s) => looksLikeCityLine(s.text) && !s.box);
  if (!follow) return c;
  const joined = parseValue('address', `${text}, ${follow.text}`);
  if (!joined || joined.validity <= c.validity) return c;
  return {
    ...c,
    value: joined.value,
    validity: joined.validity,
    ocrConfidence: Math.min(c.ocrConfidence, follow.confidence),
  };
}
