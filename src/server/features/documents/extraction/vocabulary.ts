/**
 * Words of training paperwork that OCR garbles in predictable ways ("Tralnilng", "Recurrnet").
 * Free-text values (course titles) and closed lists (event types, certificate grades) are
 * corrected toward these words when a word is not one of them but nearly is. Aircraft makes and
 * families are those common at Part 142 centres; model numbers are left alone.
 */
const list = (text: string) =>
  text
    .split(',')
    .map((w) => w.replace(/\s+/g, ' ').trim())
    .filter(Boolean);

const WORDS = list(`
  training, recurrent, initial, upgrade, transition, requalification, differences, simulator,
  ground, course, pilot, program, type, rating, proficiency, check, practical, test,
  curriculum, flight, instructor, indoctrination, qualification, school, academy, crew,
  resource, management, captain, officer, first, second, commander, engineer, operations,
  emergency, procedures, systems, aircraft, airplane, helicopter, multiengine, single, engine,
  land, sea, instrument, private, commercial, airline, transport, student, certificate,
  advanced, basic, international, recurrency, refresher, evaluation, line, oriented, citation,
  phenom, latitude, longitude, challenger, gulfstream, learjet, falcon, hawker, global,
  embraer, boeing, airbus, pilatus, bombardier, dassault, beechcraft, king, air, cessna,
  piper, cirrus, diamond, legacy, praetor, sovereign, excel, premier, honda, dash, regional,
  jet
`);

const VOCABULARY = new Set(WORDS);
const BY_LENGTH = new Map<number, string[]>();
for (const w of VOCABULARY) BY_LENGTH.set(w.length, [...(BY_LENGTH.get(w.length) ?? []), w]);

function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** The vocabulary word a garbled word stands for, if exactly one is close enough. */
function nearest(word: string): string | undefined {
  const lower = word.toLowerCase();
  if (lower.length < 5 || VOCABULARY.has(lower) || /\d/.test(lower)) return undefined;
  // A plural of a known word is a word, not a misreading.
  if (lower.endsWith('s') && VOCABULARY.has(lower.slice(0, -1))) return undefined;
  const allowed = lower.length >= 8 ? 2 : 1;
  const matches = new Set<string>();
  for (let len = lower.length - allowed; len <= lower.length + allowed; len++) {
    for (const candidate of BY_LENGTH.get(len) ?? []) {
      if (distance(lower, candidate) <= allowed) matches.add(candidate);
    }
  }
  return matches.size === 1 ? [...matches][0] : undefined;
}

function withCase(template: string, word: string): string {
  if (template === template.toUpperCase()) return word.toUpperCase();
  if (template[0] === template[0]!.toUpperCase()) return word[0]!.toUpperCase() + word.slice(1);
  return word;
}

/** Corrects garbled vocabulary words in place; returns the text and how many words changed. */
export function correctWords(text: string): { text: string; corrected: number } {
  let corrected = 0;
  const out = text.replace(/\p{L}[\p{L}']*/gu, (word) => {
    const fix = nearest(word);
    if (!fix) return word;
    corrected += 1;
    return withCase(word, fix);
  });
  return { text: out, corrected };
}
