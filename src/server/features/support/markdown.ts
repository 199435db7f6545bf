import type { HelpBlock, HelpInline } from '@shared/api/support';

/**
 * The Markdown the help centre's articles are written in, and nothing more: `##` headings,
 * paragraphs, `-` and `1.` lists, **bold**, `code` and [links](/path). Parsed into blocks the
 * client draws as elements (never as HTML), so an article cannot carry markup or script.
 */
export function parseMarkdown(source: string): HelpBlock[] {
  const blocks: HelpBlock[] = [];
  let paragraph: string[] = [];
  let list: { kind: 'list' | 'ordered'; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', lines: [inline(paragraph.join(' '))] });
    if (list) blocks.push({ kind: list.kind, lines: list.items.map(inline) });
    paragraph = [];
    list = null;
  };
  for (const raw of source.split('\n')) {
    const line = raw.trimEnd();
    const heading = /^#{2,3}\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: 'heading', anchor: anchorOf(heading[1]!), lines: [inline(heading[1]!)] });
    } else if (bullet || numbered) {
      const kind = bullet ? 'list' : 'ordered';
      if (paragraph.length || (list && list.kind !== kind)) flush();
      list ??= { kind, items: [] };
      list.items.push((bullet ?? numbered)![1]!);
    } else if (line.trim() === '') {
      flush();
    } else if (list && /^\s{2,}\S/.test(raw)) {
      // A continuation line of the last list item.
      list.items[list.items.length - 1] += ` ${line.trim()}`;
    } else {
      if (list) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return blocks;
}

/** The anchor of a heading: its words in lower case joined by hyphens. */
export function anchorOf(heading: string): string {
  return plainText(heading)
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const INLINE = /\*\*([^*]+)\*\*|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)/g;

function inline(text: string): HelpInline[] {
  const parts: HelpInline[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    if (match.index > last) parts.push({ kind: 'text', text: text.slice(last, match.index) });
    if (match[1] !== undefined) parts.push({ kind: 'strong', text: match[1] });
    else if (match[2] !== undefined) parts.push({ kind: 'code', text: match[2] });
    else parts.push({ kind: 'link', text: match[3]!, href: safeHref(match[4]!) });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** Links stay inside the app, or go to an https page; anything else is shown as text. */
function safeHref(href: string): string | undefined {
  return href.startsWith('/') || href.startsWith('https://') ? href : undefined;
}

/** The words a reader sees, without the Markdown around them. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/^\s*(?:[-*]|\d+[.)])\s+/gm, '')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
}
