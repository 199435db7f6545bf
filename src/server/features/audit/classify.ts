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
  type: Exclude<DocumentType, 'other'>;
  /** Phrases in the text (lower case); each one found adds its weight. */
  phrases: readonly (readonly [string, number])[];
  /** Extracted fields that point to the type. */
  fields?: readonly (readonly [string, number])[];
}

const SIGNALS: readonly TypeSignal[] = [
  {
    type: 'training-specifications',
    phrases: [
      ['training specifications', 4],
      ['tspecs', 3],
      ['authorized courses', 2],
      ['issued by the faa', 1],
    ],
  },
  {
    type: 'manual',
    phrases: [
      ['training center manual', 4],
      ['procedures manual', 3],
      ['quality control manual', 3],
      ['manual', 1],
      ['table of contents', 1],
      ['revision', 1],
      ['chapter', 1],
      ['policy', 1],
      ['procedure', 1],
    ],
  },
  {
    type: 'syllabus-curriculum',
    phrases: [
      ['syllabus', 4],
      ['curriculum', 2],
      ['lesson', 1],
      ['completion standards', 2],
      ['prerequisites', 1],
      ['module', 1],
    ],
  },
  {
    type: 'instructor-record',
    phrases: [
      ['instructor qualification', 4],
      ['instructor record', 4],
      ['evaluator record', 4],
      ['designation', 2],
      ['designated', 1],
      ['recurrent', 1],
      ['proficiency check', 1],
    ],
  },
  {
    type: 'fstd-record',
    phrases: [
      ['discrepancy log', 4],
      ['preflight check', 3],
      ['functional preflight', 3],
      ['flight simulator', 2],
      ['full flight simulator', 2],
      ['flight training device', 2],
      ['fstd', 2],
      ['qualification level', 1],
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
      ['this is to certify', 3],
      ['certificate of completion', 3],
      ['medical certificate', 3],
      ['pilot certificate', 2],
      ['certificate no', 2],
      ['certificate number', 1],
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
];

/** A type needs at least this score; below it the document is "other". */
const THRESHOLD = 3;
const SCANNED_CHARACTERS = 6000;

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
}

export function classifyDocument(doc: ClassifiableDocument): Classification {
  const name = doc.originalName.toLowerCase().replace(/[_\-.]+/g, ' ');
  const text = doc.text.slice(0, SCANNED_CHARACTERS).toLowerCase().replace(/\s+/g, ' ');
  let best: { type: DocumentType; score: number; hits: string[] } = {
    type: 'other',
    score: 0,
    hits: [],
  };
  for (const signal of SIGNALS) {
    let score = 0;
    const hits: string[] = [];
    for (const [phrase, weight] of signal.phrases) {
      // A phrase in the file name counts double: people name files after what they are.
      const inName = name.includes(phrase) ? 2 : 0;
      const inText = Math.min(occurrences(text, phrase), 2);
      if (inName + inText > 0) {
        score += weight * (inName + inText);
        hits.push(`“${phrase}”`);
      }
    }
    for (const [field, weight] of signal.fields ?? []) {
      if (doc.fieldNames.includes(field)) {
        score += weight;
        hits.push(`field ${field}`);
      }
    }
    if (score > best.score) best = { type: signal.type, score, hits };
  }
  if (best.score < THRESHOLD) {
    return { type: 'other', reason: 'No type-specific wording or fields found' };
  }
  return {
    type: best.type,
    reason: `${DOCUMENT_TYPE_LABELS[best.type]}: ${best.hits.slice(0, 4).join(', ')}`,
  };
}
