import { describe, expect, it } from 'vitest';
import { referenceProblems } from '@shared/checklist/reference-validation';
import { HELP_SECTIONS } from '@shared/api/support';
import { PLANS } from '@shared/constants/plans';
import { HELP_LANGUAGES, loadHelpArticles, parseArticle } from './articles';
import { createHelpCentre } from './help-centre';
import { parseMarkdown } from './markdown';

const articles = loadHelpArticles();
const english = articles.filter((a) => a.language === 'en');
const APP_ROUTES =
  /^\/(dashboard|far-compliance|ai-audit-compliance|document-generation|fleet-insight|compliance-checklist|regulatory-compliance|regulatory-alerts|link-monitor|document-import|compliance-records(\/import)?|instructors|admin-dashboard|users|auditor-portal|mobile-field|support|settings|pricing|tutorials|getting-started)$/;

describe('help-centre articles', () => {
  it('cover every section, in English, Spanish and French, with the same sections and screens', () => {
    expect(new Set(english.map((a) => a.section))).toEqual(new Set(HELP_SECTIONS));
    for (const language of HELP_LANGUAGES.filter((l) => l !== 'en')) {
      for (const en of english) {
        const translated = articles.find((a) => a.language === language && a.id === en.id);
        expect(translated, `${language}/${en.id}.md`).toBeDefined();
        expect(translated!.section).toBe(en.section);
        expect(translated!.screens).toEqual(en.screens);
        expect(translated!.title).not.toBe(en.title);
      }
    }
  });

  it('link only to articles and screens that exist', () => {
    const ids = new Set(english.map((a) => a.id));
    for (const a of articles) {
      for (const [, target] of a.markdown.matchAll(/\]\((\/[^)#\s]*)(?:#[^)]*)?\)/g)) {
        const article = /^\/support\/articles\/(.+)$/.exec(target!);
        if (article) expect(ids, `${a.language}/${a.id}.md links ${target}`).toContain(article[1]);
        else expect(target, `${a.language}/${a.id}.md links ${target}`).toMatch(APP_ROUTES);
      }
      for (const screen of a.screens) expect(screen).toMatch(APP_ROUTES);
    }
  });

  it('cite only paragraphs of 14 CFR Part 142 that exist', () => {
    for (const a of articles) {
      for (const [citation] of a.markdown.matchAll(/\b142\.\d+(?:\([a-z0-9]+\))*/g)) {
        expect(referenceProblems(citation), `${a.language}/${a.id}.md cites ${citation}`).toEqual(
          [],
        );
      }
      expect(a.markdown, `${a.language}/${a.id}.md`).not.toMatch(
        /8900\.1[, ]+(Vol|Volume)\.? ?\d+[, ]+(Ch|Chapter)\.? ?\d+[, ]+Sec/,
      );
    }
  });

  it('quote the plan table, not other prices', () => {
    const plans = english.find((a) => a.id === 'plans')!;
    for (const price of plans.markdown.match(/\$\d[\d,]*/g) ?? []) {
      expect(PLANS.map((p) => p.price)).toContain(price);
    }
  });

  it('refuses a malformed article with the file named', () => {
    expect(() => parseArticle('no front matter', 'x', 'en')).toThrow('help/en/x.md');
    expect(() =>
      parseArticle('---\nid: x\nsection: nonsense\ntitle: T\n---\nBody', 'x', 'en'),
    ).toThrow('section "nonsense"');
    expect(() =>
      parseArticle('---\nid: y\nsection: upload\ntitle: T\n---\nBody', 'x', 'en'),
    ).toThrow('must be the file');
  });
});

describe('article Markdown', () => {
  it('parses headings, lists and inline marks, and keeps markup and foreign links as text', () => {
    const blocks = parseMarkdown(
      'Intro with **bold**, `code` and [a link](/compliance-records).\n\n## Steps here\n1. First\n2. Second\n\n- one\n- [bad](javascript:alert(1)) <script>x</script>',
    );
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'heading', 'ordered', 'list']);
    expect(blocks[0]!.lines[0]).toEqual([
      { kind: 'text', text: 'Intro with ' },
      { kind: 'strong', text: 'bold' },
      { kind: 'text', text: ', ' },
      { kind: 'code', text: 'code' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'a link', href: '/compliance-records' },
      { kind: 'text', text: '.' },
    ]);
    expect(blocks[1]!.anchor).toBe('steps-here');
    const last = blocks[3]!.lines[1]!;
    expect(last.find((p) => p.kind === 'link')!.href).toBeUndefined();
    expect(last.at(-1)!.text).toContain('<script>x</script>');
  });
});

describe('chat intents', () => {
  const { classifier } = createHelpCentre(articles);
  it('matches greetings as whole messages, never inside words or before a question', () => {
    expect(classifier.classify('hi').intent).toBe('greeting');
    expect(classifier.classify('Hello!').intent).toBe('greeting');
    expect(classifier.classify('thanks').intent).toBe('greeting');
    for (const text of [
      'which report do I need?',
      'this thing keeps logging me out',
      'history of my record',
      'Hi, how do I upload a scanned logbook?',
    ]) {
      expect(classifier.classify(text).intent, text).not.toBe('greeting');
    }
  });

  it('honours a wish for a person, and not the word "human" in another question', () => {
    for (const text of [
      'I need a human',
      'can I talk to a person',
      'human',
      'please have someone call me',
    ]) {
      expect(classifier.classify(text), text).toMatchObject({ intent: 'escalation', by: 'rule' });
    }
    expect(
      classifier.classify('Does the audit assistant replace a human auditor?').intent,
    ).not.toBe('escalation');
  });

  it('says fallback on a message it cannot place', () => {
    for (const text of ['qwertzuiop asdfgh', 'zzzz qqqq', 'tell me a joke']) {
      expect(classifier.classify(text).intent, text).toBe('fallback');
    }
  });
});
