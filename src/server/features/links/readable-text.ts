import { createHash } from 'node:crypto';
import { diffWords } from 'diff';

/*
 * What a check compares: the page's readable text, not its markup, so a new script bundle, an ad
 * or a tracking attribute does not raise "content changed"; and, with the admin's ignore
 * pattern, not the parts that change on every visit (a "last updated" time, a visitor counter).
 */

/** Text kept per link to diff the next check against. */
export const MAX_STORED_TEXT = 200_000;
const MAX_DIFF_CHARS = 6000;
const CONTEXT_WORDS = 8;

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

/**
 * A readable word diff: `- ` removed words, `+ ` added words, `  ` unchanged context (a few
 * words either side of a change, `…` where more was left out), bounded in length.
 */
export function wordDiff(before: string, after: string): string {
  const parts = diffWords(before, after);
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
