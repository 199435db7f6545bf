import { CHAT_INTENTS, type ChatIntent } from '@shared/api/support';

export interface LabelledUtterance {
  text: string;
  intent: string;
}

export interface IntentGuess {
  intent: ChatIntent;
  /** The classifier's posterior probability of that intent, 0..1. */
  confidence: number;
  /** Why: `rule` when a phrase decided it, `classifier` otherwise, `low confidence` for a fallback. */
  by: 'rule' | 'classifier' | 'low confidence';
}

// Words that say nothing about what the user wants; left out so they cannot tip a guess.
const STOP_WORDS = new Set(
  (
    'a an the i me my we our you your it its is are was were be been am do does did to of in on ' +
    'for at by with and or so if this that these those there here can could would should will ' +
    "just please im i'm pls hey"
  ).split(' '),
);

/** Lower-case words of a message, crudely stemmed so that "records" and "record" are one feature. */
export function words(text: string): string[] {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? []
  )
    .map(stem)
    .filter((w) => w.length > 0);
}

function stem(word: string): string {
  const w = word.replace(/'(s|t|re|ve|ll|d|m)$/, '');
  if (w.length <= 3) return w;
  return w
    .replace(/(ies)$/, 'y')
    .replace(/(ing|ed|es|s)$/, '')
    .replace(/(.)\1$/, '$1');
}

function features(text: string): string[] {
  const all = words(text);
  const kept = all.filter((w) => !STOP_WORDS.has(w));
  const bigrams = all.slice(1).map((w, i) => `${all[i]}_${w}`);
  // Letter groups of each word, so that "instr", "quals" and a typo still share features.
  const grams: string[] = [];
  for (const w of kept) {
    const padded = `<${w}>`;
    for (let i = 0; i + 4 <= padded.length; i++) grams.push(`#${padded.slice(i, i + 4)}`);
  }
  return [...kept, ...bigrams, ...grams];
}

/**
 * Phrases that decide the intent before the classifier: a wish for a person is honoured even in
 * a message about something else. Matched as whole words ("this" is not "hi").
 */
const ESCALATION = new RegExp(
  [
    String.raw`^\s*(?:a\s+)?(?:human|person|agent|someone|operator)\s*[!.?]*\s*$`,
    String.raw`\b(?:talk|speak|chat)\s+(?:to|with)\s+(?:a\s+|an\s+|the\s+|my\s+|your\s+)?(?:real\s+|actual\s+|live\s+)?(?:human|person|someone|somebody|agent|representative|admin|administrator|support|people)\b`,
    String.raw`\b(?:need|want|get)\s+(?:a\s+|an\s+)?(?:real\s+|actual\s+|live\s+)?(?:human|person|representative|live agent|someone|somebody)\b`,
    String.raw`\b(?:real person|live agent|representative|call me|phone me|escalate|not helping|useless bot)\b`,
  ].join('|'),
  'i',
);
// English, and the Spanish and French a reader of those languages opens with.
const GREETING_ONLY =
  /^\s*(hi|hello|hey|hiya|howdy|good (?:morning|afternoon|evening)|thanks?(?: you)?|thank you(?: very much)?|cheers|bye|goodbye|ok(?:ay)?|great|hola|buenos d[ií]as|buenas tardes|gracias|adi[oó]s|bonjour|bonsoir|salut|merci(?: beaucoup)?|au revoir)\b[\s!.,]*(?:there|team|again)?[\s!.,]*$/i;

/**
 * A multinomial naive Bayes classifier over word and word-pair counts of labelled utterances,
 * with add-one smoothing; a guess below `minConfidence` is a fallback.
 */
export class IntentClassifier {
  private readonly counts = new Map<ChatIntent, Map<string, number>>();
  private readonly totals = new Map<ChatIntent, number>();
  private readonly priors = new Map<ChatIntent, number>();
  private readonly vocabulary = new Set<string>();

  /**
   * `examples` are what people ask; `background` (the help centre's own sentences, labelled
   * with their section) adds the section's vocabulary at `backgroundWeight` of a question's.
   * Every intent is equally likely before the words are read.
   */
  constructor(
    examples: readonly LabelledUtterance[],
    options: {
      background?: readonly LabelledUtterance[];
      backgroundWeight?: number;
      minConfidence?: number;
    } = {},
  ) {
    this.minConfidence = options.minConfidence ?? 0.35;
    const learn = (example: LabelledUtterance, weight: number) => {
      const intent = example.intent as ChatIntent;
      if (!CHAT_INTENTS.includes(intent)) {
        throw new Error(`"${example.text}" is labelled with an unknown intent "${example.intent}"`);
      }
      const counts = this.counts.get(intent) ?? new Map<string, number>();
      this.counts.set(intent, counts);
      for (const f of features(example.text)) {
        counts.set(f, (counts.get(f) ?? 0) + weight);
        this.totals.set(intent, (this.totals.get(intent) ?? 0) + weight);
        this.vocabulary.add(f);
      }
    };
    for (const example of examples) learn(example, 1);
    for (const example of options.background ?? []) learn(example, options.backgroundWeight ?? 0.2);
    for (const intent of this.counts.keys()) this.priors.set(intent, -Math.log(this.counts.size));
  }

  readonly minConfidence: number;

  /** Posterior of every intent the examples hold, highest first. */
  scores(text: string): { intent: ChatIntent; probability: number }[] {
    const fs = features(text).filter((f) => this.vocabulary.has(f));
    const v = this.vocabulary.size;
    const logs = [...this.priors].map(([intent, prior]) => {
      const counts = this.counts.get(intent)!;
      const total = this.totals.get(intent) ?? 0;
      let log = prior;
      for (const f of fs) log += Math.log(((counts.get(f) ?? 0) + 1) / (total + v));
      return { intent, log };
    });
    const max = Math.max(...logs.map((l) => l.log));
    const sum = logs.reduce((s, l) => s + Math.exp(l.log - max), 0);
    return logs
      .map((l) => ({ intent: l.intent, probability: Math.exp(l.log - max) / sum }))
      .sort((a, b) => b.probability - a.probability);
  }

  classify(text: string): IntentGuess {
    if (ESCALATION.test(text)) return { intent: 'escalation', confidence: 1, by: 'rule' };
    if (GREETING_ONLY.test(text)) return { intent: 'greeting', confidence: 1, by: 'rule' };
    const known = features(text).some((f) => this.vocabulary.has(f));
    if (!known) return { intent: 'fallback', confidence: 0, by: 'low confidence' };
    const [best] = this.scores(text);
    // Small talk is only small talk when nothing else is asked: a question is never greeted.
    if (best!.intent === 'greeting' && words(text).length > 4) {
      const next = this.scores(text)[1]!;
      return next.probability >= this.minConfidence
        ? { intent: next.intent, confidence: next.probability, by: 'classifier' }
        : { intent: 'fallback', confidence: best!.probability, by: 'low confidence' };
    }
    if (best!.probability < this.minConfidence) {
      return { intent: 'fallback', confidence: best!.probability, by: 'low confidence' };
    }
    return { intent: best!.intent, confidence: best!.probability, by: 'classifier' };
  }
}
