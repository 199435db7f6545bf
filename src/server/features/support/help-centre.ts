import type { ArticleHit, HelpArticle, HelpSection } from '@shared/api/support';
import { HELP_SECTIONS } from '@shared/api/support';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../http/errors';
import {
  HELP_LANGUAGES,
  loadHelpArticles,
  type HelpArticleFile,
  type HelpLanguage,
} from './articles';
import { IntentClassifier, type LabelledUtterance } from './intents';
import trainingSet from './intents.train.json';
import moreTraining from './intents.train-more.json';
import { parseMarkdown } from './markdown';
import { searchPassages, type PassageHit } from './repository';

/** The articles as the files hold them, and the chat's classifier: built once per process. */
export interface HelpCentre {
  articles: HelpArticleFile[];
  classifier: IntentClassifier;
  article(id: string, language: HelpLanguage): HelpArticleFile | null;
}

export function createHelpCentre(articles = loadHelpArticles()): HelpCentre {
  const byKey = new Map(articles.map((a) => [`${a.language}:${a.id}`, a]));
  return {
    articles,
    classifier: new IntentClassifier([...trainingSet, ...moreTraining] as LabelledUtterance[], {
      background: articleSentences(articles),
      backgroundWeight: 0.1,
    }),
    article: (id, language) => byKey.get(`${language}:${id}`) ?? null,
  };
}

/** The English articles' titles, summaries, keywords, headings and sentences, by section. */
function articleSentences(articles: HelpArticleFile[]): LabelledUtterance[] {
  return articles
    .filter((a) => a.language === 'en')
    .flatMap((a) =>
      [
        a.title,
        a.summary,
        a.keywords.join(' '),
        ...a.passages.flatMap((p) => [p.heading, ...p.text.split(/(?<=[.!?])\s+/)]),
      ]
        .filter(Boolean)
        .map((text) => ({ text, intent: a.section })),
    );
}

export function helpLanguage(language: string | undefined): HelpLanguage {
  return HELP_LANGUAGES.includes(language as HelpLanguage) ? (language as HelpLanguage) : 'en';
}

export const articleUrl = (id: string, anchor = '') =>
  `/support/articles/${id}${anchor ? `#${anchor}` : ''}`;

/**
 * The best passage of each article matching the question, best article first; in English when
 * the language has no article matching (the help centre is written in English first).
 */
export async function searchArticles(
  db: DbOrTx,
  centre: HelpCentre,
  question: string,
  language: HelpLanguage,
  options: { boost?: HelpSection; limit?: number } = {},
): Promise<(PassageHit & { language: HelpLanguage })[]> {
  const limit = options.limit ?? 10;
  let hits = await searchPassages(db, question, language, { boost: options.boost, limit });
  let used = language;
  if (hits.length === 0 && language !== 'en') {
    hits = await searchPassages(db, question, 'en', { boost: options.boost, limit });
    used = 'en';
  }
  return hits
    .map((hit) => ({ ...hit, language: used }))
    .filter((hit) => centre.article(hit.articleId, used) !== null);
}

export function toArticleHit(
  centre: HelpCentre,
  hit: PassageHit & { language: HelpLanguage },
): ArticleHit {
  const article = centre.article(hit.articleId, hit.language)!;
  return {
    id: hit.articleId,
    section: hit.section,
    title: hit.title,
    summary: article.summary,
    url: articleUrl(hit.articleId, hit.anchor),
    heading: hit.heading,
    anchor: hit.anchor,
    snippet: hit.snippet,
    rank: Number(hit.rank.toFixed(4)),
  };
}

/** Every article of a language, by section (in the product's order) then title. */
export function listArticles(centre: HelpCentre, language: HelpLanguage): ArticleHit[] {
  const english = centre.articles.filter((a) => a.language === 'en');
  return english
    .map((en) => centre.article(en.id, language) ?? en)
    .sort(
      (a, b) =>
        HELP_SECTIONS.indexOf(a.section) - HELP_SECTIONS.indexOf(b.section) ||
        a.title.localeCompare(b.title),
    )
    .map((a) => ({
      id: a.id,
      section: a.section,
      title: a.title,
      summary: a.summary,
      url: articleUrl(a.id),
      heading: a.title,
      anchor: '',
      snippet: a.summary,
      rank: 0,
    }));
}

export function readArticle(centre: HelpCentre, id: string, language: HelpLanguage): HelpArticle {
  const article = centre.article(id, language) ?? centre.article(id, 'en');
  if (!article) throw notFound('Article');
  return {
    id: article.id,
    section: article.section,
    title: article.title,
    summary: article.summary,
    screens: article.screens,
    language: article.language,
    fallbackFrom: article.language === language ? null : language,
    blocks: parseMarkdown(article.markdown),
  };
}
