import { DOCUMENT_TYPE_LABELS, type DocumentType } from '@shared/api/audit';

/**
 * Sorts a document into one of the summary's types from what is already stored: its name, the
 * text of its first pages and its extracted fields. OCR is never run again.
 */
export interface ClassifiableDocument {
  originalName: string;
  /** Text of the first pages, in page order. */
  text: string;
  fieldNames: readonly string[];
}

interface TypeSignal {
  /**
   * `other` here gathers letters, applications, agreements and statements: they have no type of
   * their own, but a document that clearly is one is "other" with confidence, unlike one that
   * shows no sign of anything.
   */
  type: DocumentType;
  /** Phrases in the text (lower case); each one found adds its weight. */
  phrases: readonly (readonly [string, number])[];
  /**
   * Words that name the type when they stand in the title (the file name and the first lines),
   * and say little in the body: a "Procedure" heading makes a manual section, the word
   * "procedure" in a log does not.
   */
  title?: readonly (readonly [RegExp, number])[];
  /** Extracted fields that point to the type. */
  fields?: readonly (readonly [string, number])[];
}

/**
 * The weight of a word that names the type in the title ("Procedure", "Log", "Currency Report"):
 * enough on its own for the document to be of that type (STRONG), whatever its body talks about.
 */
const NAMED = 6; // = STRONG below

const SIGNALS: readonly TypeSignal[] = [
  {
    type: 'training-specifications',
    phrases: [
      ['training specifications', 4],
      ['training specification', 3],
      ['tspecs', 3],
      ['authorized courses', 2],
      ['issued by the faa', 1],
    ],
    // "TS A005", "TSpecs B050": the paragraph numbers of training specifications.
    title: [
      [/\bts(?:pecs?)?\s+[a-d]\s?0\d\d\b/, NAMED],
      [/\bparagraph [a-d]0\d\d\b/, 3],
    ],
  },
  {
    type: 'manual',
    phrases: [
      ['training center manual', 4],
      ['procedures manual', 3],
      ['quality control manual', 3],
      ['quality manual', 3],
      ['operations manual', 3],
      ['this manual', 2],
      ['chapter', 2],
      ['manual', 1],
      ['table of contents', 1],
      ['revision', 1],
      ['effective date', 1],
      ['shall', 1],
      ['must', 1],
      ['policy', 1],
      ['procedure', 1],
      ['responsibilities', 1],
    ],
    title: [
      [/\b(?:procedures?|policy|policies|handbook|standard operating)\b/, NAMED],
      [/\b(?:program|programme|instructions?)\b/, 4],
      [/\btcm\b|\bsection \d|\bchapter \d|^\s*\d+\.\d+ [a-z]/m, 3],
    ],
  },
  {
    type: 'syllabus-curriculum',
    phrases: [
      ['syllabus', 4],
      ['course outline', 4],
      ['lesson plan', 3],
      ['curriculum', 2],
      ['completion standards', 2],
      ['ground course', 2],
      ['instructor guide', 2],
      ['workbook', 2],
      ['lesson', 1],
      ['prerequisites', 1],
      ['objectives', 1],
      ['module', 1],
      ['scenario', 1],
    ],
    title: [[/\b(?:curriculum|curricula|scenario|loft|courseware|course guide)\b/, 3]],
  },
  {
    type: 'instructor-record',
    phrases: [
      ['instructor qualification', 4],
      ['instructor record', 4],
      ['evaluator record', 4],
      ['qualification record', 3],
      ['designation letter', 3],
      ['evaluator designation', 3],
      ['instructor designation', 3],
      ['letter of authority', 2],
      ['designation', 2],
      ['designated', 1],
      ['eligibility', 1],
      ['recurrent', 1],
      ['proficiency check', 1],
    ],
    title: [
      [
        /\b(?:instructors?|evaluators?)\b.*\b(?:roster|matrix|qualification|currency|eligibility|designation|training record)/,
        NAMED,
      ],
      // The instructor's own checks and training, named as such in the title: "Instructor
      // proficiency check", "Evaluator standardization", "Instructor recurrent ground school".
      [
        /\b(?:instructors?|evaluators?)\s+(?:annual\s+)?(?:proficiency check|standardi[sz]ation|recurrent|written test|ground (?:school|training)|observation|demonstration)\b/,
        NAMED,
      ],
    ],
  },
  {
    type: 'fstd-record',
    phrases: [
      ['statement of qualification', 4],
      ['discrepancy log', 4],
      ['preflight check', 2],
      ['functional preflight', 2],
      ['maintenance log', 2],
      ['work order', 2],
      ['identification number', 1],
      ['configuration control', 2],
      ['flight simulator', 1],
      ['full flight simulator', 1],
      ['flight training device', 1],
      ['fstd', 1],
      ['qualification level', 1],
    ],
    // A record of the devices themselves, not a manual chapter on simulator operations.
    title: [
      [
        /\b(?:preflight|discrepanc(?:y|ies)|device|ffs|ftd|fstd|simulator)\b.*\b(?:log|record|results|status|report|sheet)s?\b/,
        NAMED,
      ],
    ],
  },
  {
    type: 'grade-sheet',
    phrases: [
      ['grade sheet', 4],
      ['gradesheet', 4],
      ['satisfactory', 1],
      ['unsatisfactory', 2],
      ['maneuver', 1],
      ['grade', 1],
    ],
  },
  {
    type: 'certificate',
    phrases: [
      ['training center certificate', 4],
      ['this is to certify', 3],
      ['certificate of completion', 3],
      ['airman certificate', 3],
      ['rating application', 3],
      ['signature of applicant', 3],
      ['medical certificate', 3],
      ['has satisfactorily completed', 3],
      ['has successfully completed', 3],
      ['certificate of occupancy', 3],
      ['airworthiness certificate', 3],
      ['pilot certificate', 2],
      ['date of birth', 2],
      ['certificate no', 2],
      ['certificate number', 1],
      ['certificated training center', 2],
      ['certificate', 1],
    ],
    fields: [
      ['certificateType', 2],
      ['dateOfBirth', 1],
    ],
  },
  {
    type: 'training-record',
    phrases: [
      ['training record', 4],
      ['trainee record', 3],
      ['student record', 3],
      ['training form', 2],
      ['student signature', 2],
      ['trainee signature', 2],
      ['trainee', 1],
      ['student', 1],
      ['instructor', 1],
      ['course', 1],
    ],
    fields: [
      ['studentName', 2],
      ['trainingDate', 1],
      ['courseName', 1],
      ['eventType', 1],
      ['instructorName', 1],
    ],
  },
  {
    type: 'log-report',
    phrases: [
      ['findings', 1],
      ['corrective action', 1],
      ['reviewed by', 1],
      ['inspected by', 1],
    ],
    // What a record of work done calls itself.
    title: [
      [
        /\b(?:logs?|register|report|review|inspection|survey|assessment|audit|tracker|tracking|roster|matrix|summary|minutes|index|results|cross ?check|comparison|verification|reconciliation)\b/,
        NAMED,
      ],
    ],
  },
  {
    type: 'other',
    phrases: [
      ['application for', 4],
      ['agreement', 2],
      ['lease', 2],
      ['dear', 2],
      ['sincerely', 2],
      ['letter', 1],
      ['hereby', 1],
      ['statement', 1],
      ['fsdo', 3],
      ['flight standards district office', 3],
    ],
    title: [[/\b(?:letter|agreement|contract|application|statement|notice|memorandum|memo)\b/, 4]],
  },
];

/** A type needs at least this score; below it the document is "other". */
const THRESHOLD = 3;
/** From this score on, a type is as strong as it gets; confidence then depends on the margin. */
const FULL_STRENGTH = 3 * THRESHOLD;
/**
 * Confidence that a document matching no type is indeed none of them: fair when it shows no
 * sign of any type, falling to nothing as its best type nears the threshold.
 */
const UNCLASSIFIED_CONFIDENCE = 0.6;
const SCANNED_CHARACTERS = 6000;
/** The title block: the first lines of the first page, as far as this many characters. */
const TITLE_LINES = 2;
const TITLE_CHARACTERS = 160;

/** The first non-empty lines of a text: a document's title block. */
export function titleBlock(text: string, lines = TITLE_LINES): string {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, lines)
    .join('\n');
}

/** A file name as words: no extension, underscores, dashes and dots read as spaces. */
export function fileNameWords(originalName: string): string {
  return originalName
    .replace(/\.[a-z0-9]{2,5}$/i, '')
    .replace(/_+/g, ' ')
    .trim();
}

function occurrences(haystack: string, needle: string): number {
  let count = 0;
  for (
    let at = haystack.indexOf(needle);
    at !== -1 && count < 3;
    at = haystack.indexOf(needle, at + 1)
  ) {
    count++;
  }
  return count;
}

export interface Classification {
  type: DocumentType;
  /** The words or fields that decided it, for the summary. */
  reason: string;
  /**
   * 0–1: how clearly the document is of that type. Strong signals with a clear lead over the
   * next type give a high value; a tie, or a type barely over the threshold, a low one.
   */
  confidence: number;
  /**
   * Every type the document shows strongly, its own first: a procedure with its log, or a
   * curriculum section with its approval letter, is both. Whatever the margin between them.
   */
  strongTypes: DocumentType[];
}

/**
 * From this score on, with at least one phrase that names the type ("syllabus", "discrepancy
 * log", not "course" or "instructor"), a document is of a type even when another scores as high.
 */
const STRONG = 2 * THRESHOLD;
const DEFINING = 3;

export function classifyDocument(doc: ClassifiableDocument): Classification {
  const name = fileNameWords(doc.originalName).toLowerCase().replace(/[-.]+/g, ' ');
  const text = doc.text.slice(0, SCANNED_CHARACTERS).toLowerCase().replace(/\s+/g, ' ');
  const title = `${name}\n${titleBlock(doc.text).slice(0, TITLE_CHARACTERS).toLowerCase()}`;
  const scored = SIGNALS.map((signal) => {
    let score = 0;
    let defined = false;
    const hits: string[] = [];
    for (const [phrase, weight] of signal.phrases) {
      // A phrase in the file name counts double: people name files after what they are.
      const inName = name.includes(phrase) ? 2 : 0;
      const inText = Math.min(occurrences(text, phrase), 2);
      if (inName + inText > 0) {
        score += weight * (inName + inText);
        defined ||= weight >= DEFINING;
        hits.push(`“${phrase}”`);
      }
    }
    for (const [pattern, weight] of signal.title ?? []) {
      const found = pattern.exec(title);
      if (found) {
        score += weight;
        defined = true;
        hits.push(`title “${found[0].trim()}”`);
      }
    }
    for (const [field, weight] of signal.fields ?? []) {
      if (doc.fieldNames.includes(field)) {
        score += weight;
        hits.push(`field ${field}`);
      }
    }
    return { type: signal.type, score, hits, defined };
  }).sort((a, b) => b.score - a.score);
  const [best, second] = scored as [(typeof scored)[number], (typeof scored)[number]];
  if (best.score < THRESHOLD) {
    return {
      type: 'other',
      reason: 'No type-specific wording or fields found',
      confidence: Math.round(UNCLASSIFIED_CONFIDENCE * (1 - best.score / THRESHOLD) * 100) / 100,
      strongTypes: [],
    };
  }
  const strength = Math.sqrt(Math.min(1, best.score / FULL_STRENGTH));
  const margin = (best.score - second.score) / best.score;
  const confidence = Math.round(strength * (0.4 + 0.6 * margin) * 100) / 100;
  const label =
    best.type === 'other' ? 'Letter, application or agreement' : DOCUMENT_TYPE_LABELS[best.type];
  return {
    type: best.type,
    reason: `${label}: ${best.hits.slice(0, 4).join(', ')}`,
    confidence,
    // `other` gathers what has no type of its own: it is a document's type or nothing.
    strongTypes: scored
      .filter((s, i) => s.score >= STRONG && s.defined && (i === 0 || s.type !== 'other'))
      .map((s) => s.type),
  };
}
