import { createHash } from 'node:crypto';
import { diffSentences, diffWords } from 'diff';

/*
 * What a check compares: the page's readable text, not its markup, so a new script bundle, an ad
 * or a tracking attribute does not raise "content changed"; and, with the admin's ignore
 * pattern, not the parts that change on every visit (a "last updated" time, a visitor counter).
 */

/** Text kept per link to diff the next check against. */
export const MAX_STORED_TEXT = 200_000;
const MAX_DIFF_CHARS = 6000;
const CONTEXT_WORDS = 8;
/** A diff may block the event loop this long (twice: words, then sentences) before giving up. */
const DIFF_BUDGET_MS = 50;

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  sect: '§',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  hellip: '…',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : ' ';
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The words a person reads on the page, whitespace collapsed, ignore-pattern matches removed. */
export function readableText(
  body: string,
  contentType: string,
  ignorePattern: string | null,
): string {
  let text = body;
  if (!/text\/plain/i.test(contentType)) {
    text = text
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<(script|style|noscript|template|svg|iframe)\b[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<head\b[\s\S]*?<\/head\s*>/i, (head) => {
        const title = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(head)?.[1];
        return title ? ` ${title} ` : ' ';
      })
      .replace(/<[^>]*>/g, ' ');
    text = decodeEntities(text);
  }
  text = text.replace(/\s+/g, ' ').trim();
  if (ignorePattern)
    text = text.replace(new RegExp(ignorePattern, 'gu'), ' ').replace(/\s+/g, ' ').trim();
  return text.slice(0, MAX_STORED_TEXT);
}

export function contentHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The common beginning and end of two texts, cut at spaces, and what lies between. */
function trimCommon(a: string, b: string): [string, string, string, string] {
  let start = 0;
  const limit = Math.min(a.length, b.length);
  while (start < limit && a[start] === b[start]) start += 1;
  if (start < limit) start = a.lastIndexOf(' ', start) + 1;
  let end = 0;
  while (end < limit - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end += 1;
  if (end < limit - start) {
    const cut = a.indexOf(' ', a.length - end);
    end = cut === -1 ? 0 : a.length - cut;
  }
  return [
    a.slice(0, start),
    a.slice(start, a.length - end),
    b.slice(start, b.length - end),
    a.slice(a.length - end),
  ];
}

/**
 * A readable word diff: `- ` removed words, `+ ` added words, `  ` unchanged context (a few
 * words either side of a change, `…` where more was left out), bounded in length.
 */
export function wordDiff(before: string, after: string): string {
  // A page rewritten throughout makes the word diff slow; fall back to sentences, then to a
  // one-line note, so one check never holds the process for long.
  // Only the stretch between the common beginning and end is diffed: a page with one amended
  // paragraph costs the size of that paragraph, not of the page.
  const [prefix, oldMiddle, newMiddle, suffix] = trimCommon(before, after);
  const middle =
    diffWords(oldMiddle, newMiddle, { timeout: DIFF_BUDGET_MS }) ??
    diffSentences(oldMiddle, newMiddle, { timeout: DIFF_BUDGET_MS });
  if (!middle) {
    return `  The text changed in too many places to show word by word (${before.length} → ${after.length} characters).`;
  }
  const same = (value: string) => ({ value, added: false, removed: false, count: 0 });
  const parts = [...(prefix ? [same(prefix)] : []), ...middle, ...(suffix ? [same(suffix)] : [])];
  const lines: string[] = [];
  parts.forEach((part, index) => {
    if (part.added || part.removed) {
      lines.push(`${part.added ? '+' : '-'} ${part.value.trim()}`);
      return;
    }
    const words = part.value.trim().split(' ').filter(Boolean);
    if (words.length === 0) return;
    const first = index === 0;
    const last = index === parts.length - 1;
    if (words.length <= CONTEXT_WORDS * 2 && !first && !last) {
      lines.push(`  ${words.join(' ')}`);
    } else {
      const head = first ? [] : words.slice(0, CONTEXT_WORDS);
      const tail = last ? [] : words.slice(-CONTEXT_WORDS);
      const context = [
        head.join(' '),
        head.length + tail.length < words.length ? '…' : '',
        tail.join(' '),
      ]
        .filter(Boolean)
        .join(' ');
      if (context) lines.push(`  ${context}`);
    }
  });
  let out = '';
  for (const line of lines) {
    if (out.length + line.length + 1 > MAX_DIFF_CHARS) {
      out += '  … (more changes not shown)\n';
      break;
    }
    out += `${line}\n`;
  }
  return out.trimEnd();
}
