import { fileNameWords, titleBlock, type ClassifiableDocument } from './classify';

/**
 * What a document can stand for besides its kind. A draft, a blank form, a letter that says the
 * approval is still pending or a superseded revision shows what is intended, not what is in
 * force; a letter to one person or one person's record shows a requirement for that person
 * only. The audit reads both before it lets a page prove an item.
 */
export interface DocumentStanding {
  /** Why the document is not in force (a draft, a blank form …); null when nothing says so. */
  provisional: { reason: string } | null;
  /** The one person the document is about, when it is about one person. */
  person: { name: string } | null;
  /**
   * A brochure, flyer, web page or FAQ written to sell: it shows what the centre advertises,
   * which is evidence for the advertising rules only.
   */
  promotional: boolean;
  /**
   * Words with which a log or register records something not done as required ("overdue",
   * "FAIL", "not received"), each once: such a record may show the requirement broken, and only a
   * person reading its entries can tell whether each case was put right.
   */
  adverse: string[];
  /**
   * Phrases with which any document, a memo or a letter as much as a log, says that something
   * required was not done ("was not told", "none requested", "vacant", "neither change was
   * approved"), each once: the document may record the requirement broken rather than met.
   */
  breach: string[];
}

const PROMOTIONAL_TITLE =
  /\b(?:flyer|brochure|website|web ?page|faq|frequently asked|advertisement|advert|newsletter|marketing|promotion)\b/;

const ADVERSE_WORDS =
  /\b(?:overdue|expired|lapsed|missed|exceeded|not (?:received|on file|done|performed)|no record|still open|lacks?|does not (?:meet|hold)|did not (?:meet|pass)|without (?:faa )?approval|unapproved)\b/gi;
/** Written in capitals, as log entries mark them; "failed" in a sentence is usually a procedure. */
const ADVERSE_MARKS = /\b(?:FAIL(?:ED)?|UNSAT|NO-GO|INOP)\b/g;

/**
 * Something required said not done, in the past or still: an auxiliary and a negation before the
 * act ("was not told", "has not been approved", "not yet signed"), an entry answered "none", a post
 * left vacant, a curriculum cut, a minimum not reached. Procedures say what shall be done, so
 * these read as a record of what was, or was not.
 */
const BREACH_PHRASES =
  /\b(?:vacant|(?:was|were|has|have|had|is|are)(?: still)? (?:not|never) (?:been |yet )?(?:sent|approved|told|informed|notified|entered|recorded|signed|completed|filled|given|done|trained|checked|qualified|current|corrected|repaired|fixed|deferred|reported|submitted)|(?:not|never) yet (?:sent|approved|signed|entered|completed|filled|given|done)|neither\b[^.;]{0,40}\b(?:was|were) (?:sent|approved|given|done)|none (?:requested|entered|recorded|made|filed|issued|given)|(?:was|were) cut\b|stop using|below (?:the )?minimums?)\b/gi;

function breachPhrases(text: string): string[] {
  return [
    ...new Set((text.replace(/\s+/g, ' ').match(BREACH_PHRASES) ?? []).map((w) => w.toLowerCase())),
  ];
}

/** A dated row of a log with every other cell a dash: the entry was never made. */
const BLANK_ENTRY = /^\s*\d{1,4}[/.-]\d{1,2}(?:[/.-]\d{2,4})?\s+(?:[—–-]+\s+){1,}[—–-]+\s*$/m;

function adverseWords(text: string): string[] {
  const found = [
    ...(text.match(ADVERSE_WORDS) ?? []),
    ...(text.match(ADVERSE_MARKS) ?? []),
    ...(BLANK_ENTRY.test(text) ? ['a dated entry left blank'] : []),
  ];
  return [...new Set(found.map((w) => w.toLowerCase()))];
}

/** Written to the reader ("you", "your", "our") as sales copy is, not as procedures are. */
function addressesReader(text: string): boolean {
  const words = text.toLowerCase().match(/\b[a-z']+\b/g) ?? [];
  const you = words.filter((w) => w === 'you' || w === 'your' || w === "you'll").length;
  const our = words.filter((w) => w === 'our' || w === 'we').length;
  return you >= 6 && our >= 3 && (you + our) / Math.max(1, words.length) > 0.03;
}

/** The opening of a document, where sales copy announces itself. */
const HEAD_CHARACTERS = 400;
/**
 * The title block (the first lines), where drafts and superseded copies say so; further down,
 * "proposed" or "draft" is usually a log of what was proposed or drafted.
 */
const TITLE_LINES = 3;
/**
 * …and as far as this many characters: a page typed as paragraphs (a DOCX, a text layer without
 * line breaks) has no short lines, and its third line can be the end of the page ("Superseded
 * copies: none found", "proposed start date" as a column of a log).
 */
const TITLE_CHARACTERS = 200;

/** Said anywhere, these phrases mean the approval the document stands for is not given yet. */
const NOT_YET_APPROVED: readonly [RegExp, string][] = [
  [
    /\b(?:submitted|presented|prepared|forwarded) (?:to the faa )?for (?:faa )?(?:review|approval|acceptance)\b/,
    'submitted for approval',
  ],
  [/\bpending (?:faa )?(?:approval|acceptance|issuance|signature)\b/, 'pending approval'],
  [/\bdraft for (?:faa )?(?:review|approval|comment)\b/, 'a draft for review'],
  [
    /\b(?:approval|acceptance|letter of authority|authori[sz]ation|designation)\b[^.]{0,40}\b(?:is|remains) (?:still )?pending\b/,
    'still awaiting approval',
  ],
  [
    /\buntil (?:the )?(?:faa )?(?:approval|acceptance|letter of authority|authori[sz]ation)\b[^.]{0,20}\b(?:is )?(?:received|issued|granted)\b/,
    'still awaiting approval',
  ],
  [
    /\b(?:not yet|has not been|have not been) (?:been )?(?:approved|accepted|issued|signed)\b/,
    'not yet approved',
  ],
  [/\bawaiting (?:faa )?(?:approval|acceptance|signature|issuance)\b/, 'awaiting approval'],
];

/** In the title block or the file name, these words mark a copy that is not in force. */
const NOT_IN_FORCE: readonly [RegExp, string][] = [
  [/\bdraft\b/, 'marked as a draft'],
  [/\bproposed\b/, 'marked as proposed'],
  [/\bsuperseded\b|\bobsolete\b|\bno longer (?:in effect|valid|current)\b/, 'marked as superseded'],
  [
    /\bblank form\b|\btemplate\b|\bspecimen\b|\bsample (?:form|certificate|letter)\b|\b(?:form|certificate|letter) sample\b/,
    'a blank form or template',
  ],
];
/** Said in the file name only ("Form TR-9 (blank).pdf"). */
const BLANK_NAME = /\bblank\b/;

/** Lines left to be filled in ("Name: ______") and boxes nobody ticked. */
const EMPTY_BOX = /[☐□]/g;
const TICKED_BOX = /[☒☑✓✔]|\[x\]/gi;

/**
 * Blanks that make a page a form waiting to be filled rather than a record. A form from which
 * values were read is filled, however many signature lines it keeps.
 */
function blankForm(text: string, fieldNames: readonly string[]): boolean {
  if (fieldNames.length >= 2) return false;
  const lines = text.split('\n').filter((l) => l.trim());
  if (lines.length === 0) return false;
  const blanks = (text.match(/_{4,}/g) ?? []).length;
  const empty = (text.match(EMPTY_BOX) ?? []).length;
  const ticked = (text.match(TICKED_BOX) ?? []).length;
  // A filled form keeps a few blank lines (a signature, an unused row) and its ticked boxes.
  return (blanks >= 4 && blanks >= lines.length / 4) || (empty >= 4 && ticked === 0);
}

/**
 * "Instructor Designation - R. Okafor.pdf", "Proficiency Check Report - M. Haugen": a file named
 * after one person by initial and surname. (A letter's addressee is not enough: the FAA writes
 * to a centre's director about the centre.)
 */
const NAMED_FILE = /\s[-–—]\s((?:[A-Z]\.\s?)+[A-Z][a-z'’-]+)$/;
/** Documents about many people: registers, rosters, matrices, logs and summaries. */
const MANY_PEOPLE =
  /\b(?:roster|register|matrix|log|list|listing|tracker|tracking|summary|report of|staff|all instructors|all evaluators|records? review|audit)\b/i;

function onePerson(doc: ClassifiableDocument): { name: string } | null {
  const name = fileNameWords(doc.originalName);
  if (MANY_PEOPLE.test(name) || MANY_PEOPLE.test(doc.text.slice(0, HEAD_CHARACTERS))) return null;
  const person = NAMED_FILE.exec(name)?.[1];
  return person ? { name: person } : null;
}

function provisionalReason(doc: ClassifiableDocument): string | null {
  const name = fileNameWords(doc.originalName).toLowerCase();
  const text = doc.text.toLowerCase().replace(/[ \t]+/g, ' ');
  const head = `${name}\n${titleBlock(doc.text, TITLE_LINES).slice(0, TITLE_CHARACTERS).toLowerCase()}`;
  for (const [pattern, reason] of NOT_IN_FORCE) if (pattern.test(head)) return reason;
  if (BLANK_NAME.test(name)) return 'a blank form or template';
  for (const [pattern, reason] of NOT_YET_APPROVED) if (pattern.test(text)) return reason;
  if (blankForm(doc.text, doc.fieldNames)) return 'a form with its entries left blank';
  return null;
}

export function documentStanding(doc: ClassifiableDocument): DocumentStanding {
  const reason = provisionalReason(doc);
  const name = fileNameWords(doc.originalName).toLowerCase();
  const promotional =
    PROMOTIONAL_TITLE.test(`${name}\n${doc.text.slice(0, HEAD_CHARACTERS).toLowerCase()}`) ||
    addressesReader(doc.text);
  return {
    provisional: reason ? { reason } : null,
    person: onePerson(doc),
    promotional,
    adverse: adverseWords(doc.text),
    breach: breachPhrases(doc.text),
  };
}

/** What the document page says about a document the audit will not count (null: it counts). */
export function evidenceNote(standing: DocumentStanding): string | null {
  if (standing.provisional) {
    return `Not counted as audit evidence: the document is ${standing.provisional.reason}. Upload the version in force when there is one.`;
  }
  if (standing.promotional) {
    return 'Read as advertising: the audit counts it only for the rules on advertising, not as evidence of what the training center does.';
  }
  if (standing.breach.length > 0) {
    return `Counted by the audit only in part: the document says something required was not done (${standing.breach
      .slice(0, 3)
      .map((w) => `“${w}”`)
      .join(', ')}); a person should read whether it was put right.`;
  }
  return null;
}
