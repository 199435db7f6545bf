import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { HELP_SECTIONS, type HelpSection } from '@shared/api/support';
import { anchorOf, plainText } from './markdown';

export const HELP_LANGUAGES = ['en', 'es', 'fr'] as const;
export type HelpLanguage = (typeof HELP_LANGUAGES)[number];

/** The PostgreSQL text-search configuration of each language (stemming, stop words). */
export const SEARCH_CONFIG: Record<HelpLanguage, string> = {
  en: 'english',
  es: 'spanish',
  fr: 'french',
};

export interface HelpPassage {
  position: number;
  heading: string;
  anchor: string;
  /** The passage's Markdown. */
  markdown: string;
  /** Its words, for search and for quoting. */
  text: string;
}

export interface HelpArticleFile {
  id: string;
  language: HelpLanguage;
  section: HelpSection;
  title: string;
  summary: string;
  keywords: string[];
  screens: string[];
  markdown: string;
  passages: HelpPassage[];
}

/** The articles, beside this module in the source tree and beside the bundled server in dist. */
export const HELP_DIR = new URL('./help/', import.meta.url);

/** Reads every article of every language; a malformed file stops the start, naming the file. */
export function loadHelpArticles(dir: URL = HELP_DIR): HelpArticleFile[] {
  const articles: HelpArticleFile[] = [];
  for (const language of HELP_LANGUAGES) {
    const folder = new URL(`${language}/`, dir);
    let names: string[];
    try {
      names = readdirSync(fileURLToPath(folder)).filter((n) => n.endsWith('.md'));
    } catch {
      continue;
    }
    for (const name of names.sort()) {
      const source = readFileSync(new URL(name, folder), 'utf8');
      articles.push(parseArticle(source, name.slice(0, -3), language));
    }
  }
  return articles;
}

export function parseArticle(
  source: string,
  fileId: string,
  language: HelpLanguage,
): HelpArticleFile {
  const where = `help/${language}/${fileId}.md`;
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source.replace(/\r\n/g, '\n'));
  if (!match) throw new Error(`${where}: the article must open with a --- front matter block`);
  const fields = new Map<string, string>();
  for (const line of match[1]!.split('\n')) {
    const field = /^([a-z]+):\s*(.*)$/.exec(line.trim());
    if (field) fields.set(field[1]!, field[2]!.trim());
  }
  const list = (key: string) =>
    (fields.get(key) ?? '')
      .replace(/^\[|\]$/g, '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  const id = fields.get('id');
  const section = fields.get('section') as HelpSection | undefined;
  const title = fields.get('title');
  if (id !== fileId) throw new Error(`${where}: id "${id}" must be the file's name`);
  if (!section || !HELP_SECTIONS.includes(section)) {
    throw new Error(`${where}: section "${section}" is not one of ${HELP_SECTIONS.join(', ')}`);
  }
  if (!title) throw new Error(`${where}: the article needs a title`);
  const markdown = match[2]!.trim();
  return {
    id,
    language,
    section,
    title,
    summary: fields.get('summary') ?? '',
    keywords: list('keywords'),
    screens: list('screens'),
    markdown,
    passages: splitPassages(title, markdown),
  };
}

/** The introduction (under the title) and each `##` section, as passages that stand alone. */
function splitPassages(title: string, markdown: string): HelpPassage[] {
  const passages: HelpPassage[] = [];
  let heading = title;
  let anchor = '';
  let lines: string[] = [];
  const flush = () => {
    const body = lines.join('\n').trim();
    if (body) {
      passages.push({
        position: passages.length,
        heading,
        anchor,
        markdown: body,
        text: plainText(body),
      });
    }
    lines = [];
  };
  for (const line of markdown.split('\n')) {
    const h = /^##\s+(.*)$/.exec(line);
    if (h) {
      flush();
      heading = plainText(h[1]!);
      anchor = anchorOf(h[1]!);
    } else {
      lines.push(line);
    }
  }
  flush();
  return passages;
}
