import type { Candidate } from './candidates';
import { parseDate } from './dates';
import type { Row } from './layout';
import { proseCandidate } from './prose';
import { parseCertificateNumber, parseCertificateType, parseName, parseValue } from './values';

/**
 * Letters that verify training say it in sentences that run over line breaks: "This letter
 * confirms that Victor Kowalski, holder of flight instructor certificate no. 6770567 (date of
 * birth 1966-10-10), completed the Upgrade Falcon 2000 Type Rating at Pacific Crest Training
 * Center on August 20, 2025. Fatima Holloway served as evaluator for the upgrade event." The
 * page's lines are joined into sentences and each fact is read from the sentence that states it.
 * Only a page that confirms something about a person in those words is read this way.
 */
const CONFIRMS =
  /\b(?:confirms?|verif(?:y|ies)|certif(?:y|ies)|attests?)\s+that\s+(?:(?:airman|pilot|crewmember|trainee|candidate|student|mr\.?|ms\.?|mrs\.?|captain|first officer)\s+)?([^,;()]+?)(?:\s*[,;(]|\s+(?:has|had|who|was|successfully|satisfactorily|completed|passed)\b)/i;
const HOLDER =
  /\bholder of (?:an? |the )?((?:airline transport|commercial|private|student|sport|recreational)(?: pilot)?|flight instructor|ground instructor|atp)\s+(?:pilot\s+)?certificate\s*(?:no\.?|number|#)\s*[:.]?\s*([A-Z]?\d[\d -]{5,12}\d)/i;
const BORN = /\b(?:date of birth|born(?: on)?|d\.o\.b\.?)[:\s]+([^),;]+)/i;
const COMPLETED =
  /\b(?:completed|passed|finished)\s+(?:all requirements of\s+|the requirements of\s+)?(?:the\s+)?(.+?)\s+(?:at\s+.+?\s+)?on\s+(.+)$/i;
const SERVED =
  /(?:^|[.;]\s+)([A-Z][\p{L}'’.-]+(?:\s+[A-Z][\p{L}'’.-]*){1,3})\s+(?:served|acted)\s+as\s+(?:the\s+)?(?:evaluator|check airman|check pilot|examiner|instructor|training center evaluator|tce)\b/u;
const ADDRESS = /\baddress(?: of record)?\s+(?:as|is|:)\s+(.+)$/i;

interface Sentence {
  text: string;
  row: Row;
}

/** A full stop that ends a sentence: not the one of "no.", "Mr." or an initial. */
const SENTENCE_END = /(?<!\b(?:no|nr|mr|mrs|ms|dr|st|jr|sr|[A-Z]))\.\s+(?=[A-Z])/;
const ENDS_LINE = /[.:]$/;
const ABBREVIATION_AT_END = /\b(?:no|nr|mr|mrs|ms|dr)\.$/i;
/** Longer than this, a run of text without a full stop is a table or a list, not a sentence. */
const MAX_SENTENCE = 1000;

/**
 * The page's lines joined and cut at full stops that end a sentence. Each line is split on its
 * own, so a long page costs in proportion to its length.
 */
function sentencesOf(rows: Row[]): Sentence[] {
  const out: Sentence[] = [];
  let text = '';
  let first: Row | undefined;
  const end = () => {
    if (text && first && text.length <= MAX_SENTENCE) out.push({ text, row: first });
    text = '';
    first = undefined;
  };
  for (const row of rows) {
    const line = row.spans
      .map((s) => s.text)
      .join(' ')
      .trim();
    if (!line) continue;
    const parts = line.split(SENTENCE_END);
    parts.forEach((part, k) => {
      // A run without an end in sight is dropped, not carried on.
      if (text.length > MAX_SENTENCE) [text, first] = ['', undefined];
      first ??= row;
      text = text ? `${text} ${part}` : part;
      if (k < parts.length - 1) end();
    });
    if (ENDS_LINE.test(text) && !ABBREVIATION_AT_END.test(text)) end();
  }
  end();
  return out;
}

export function letterCandidates(rows: Row[]): Candidate[] {
  const sentences = sentencesOf(rows);
  const confirming = sentences.find((s) => CONFIRMS.test(s.text));
  if (!confirming) return [];
  const out: Candidate[] = [];
  const fromOcr = confirming.row.spans.some((s) => s.confidence < 1);
  const name = parseName(CONFIRMS.exec(confirming.text)![1]!);
  if (name) out.push(proseCandidate('studentName', name.value, name.validity, confirming.row));
  const holder = HOLDER.exec(confirming.text);
  if (holder) {
    const type = parseCertificateType(holder[1]!);
    const number = parseCertificateNumber(holder[2]!);
    if (type)
      out.push(proseCandidate('certificateType', type.value, type.validity, confirming.row));
    if (number)
      out.push(proseCandidate('licenseNumber', number.value, number.validity, confirming.row));
  }
  const born = BORN.exec(confirming.text);
  const birth = born && parseDate(born[1]!, 'birth');
  if (birth)
    out.push(proseCandidate('dateOfBirth', birth.iso, birth.ambiguous ? 0.8 : 1, confirming.row));
  const completed = COMPLETED.exec(confirming.text);
  if (completed) {
    const course = parseValue('courseName', completed[1]!, fromOcr);
    if (course) {
      out.push({
        ...proseCandidate('courseName', course.value, course.validity, confirming.row),
        corrected: course.corrected,
      });
    }
    const date = parseDate(completed[2]!, 'event');
    if (date) {
      out.push(proseCandidate('trainingDate', date.iso, date.ambiguous ? 0.8 : 1, confirming.row));
    }
  }
  for (const sentence of sentences) {
    const served = SERVED.exec(sentence.text);
    const trainer = served && parseName(served[1]!);
    if (trainer)
      out.push(proseCandidate('instructorName', trainer.value, trainer.validity, sentence.row));
    const address = ADDRESS.exec(sentence.text);
    const parsed = address && parseValue('address', address[1]!.replace(/\.$/, ''));
    if (parsed) out.push(proseCandidate('address', parsed.value, parsed.validity, sentence.row));
  }
  return out;
}
