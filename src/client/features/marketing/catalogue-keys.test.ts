import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@shared/api/preferences';
import { PLANS } from '@shared/constants/plans';
import englishPages from '../../i18n/locales/en/marketing-pages.json';
import english from '../../i18n/locales/en/marketing.json';
import spanishPages from '../../i18n/locales/es/marketing-pages.json';
import spanish from '../../i18n/locales/es/marketing.json';
import frenchPages from '../../i18n/locales/fr/marketing-pages.json';
import french from '../../i18n/locales/fr/marketing.json';
import { DIFFICULTIES, FAQ_GROUPS, QUICK_START, TUTORIALS } from './content';
import { DEBUG_GROUP_IDS, ROUTE_ACCESS, routeTable } from './debug-layout';
import { AUDIENCES, BENEFITS, FEATURES, HOW_IT_WORKS, PROOF_BUNDLE_PARTS } from './landing-content';
import { PLAN_FEATURES, planActionKey, PRICING_FAQ, PRICING_REASONS } from './pricing-content';

/**
 * The public pages build most of their keys from their content tables (a guide's id and steps, a
 * plan's id), which the catalogue test cannot read: every such key is checked here, in every
 * language, and the plans' English is held to the table the server enforces.
 */
type Tree = { [key: string]: string | Tree };
// The public text is two files: the landing page's (part of its script) and the other pages'.
const catalogues = {
  en: { ...english, ...englishPages },
  es: { ...spanish, ...spanishPages },
  fr: { ...french, ...frenchPages },
} as Record<string, Tree>;

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function keysFromContent(): string[] {
  const keys: string[] = [];
  for (const tutorial of TUTORIALS) {
    const base = `guides.items.${tutorial.id}`;
    keys.push(`${base}.title`, `${base}.description`, `${base}.where`, `${base}.roles`);
    for (const topic of tutorial.topics) keys.push(`${base}.topics.${topic}`);
    for (const step of tutorial.steps)
      keys.push(`${base}.steps.${step}.title`, `${base}.steps.${step}.detail`);
    if (tutorial.coming) keys.push(`${base}.coming`);
  }
  for (const difficulty of DIFFICULTIES) keys.push(`guides.difficulty.${difficulty}`);
  for (const step of QUICK_START)
    keys.push(`quickStart.steps.${step.id}.title`, `quickStart.steps.${step.id}.description`);
  for (const group of FAQ_GROUPS) {
    keys.push(`faq.groups.${group.id}.title`);
    for (const q of group.questions)
      keys.push(
        `faq.groups.${group.id}.questions.${q}.q`,
        `faq.groups.${group.id}.questions.${q}.a`,
      );
  }
  for (const item of [...FEATURES, ...BENEFITS, ...PRICING_REASONS]) {
    keys.push(`${item.key}.title`, `${item.key}.body`);
    if (item.coming) keys.push(`${item.key}.coming`);
  }
  for (const audience of AUDIENCES) {
    keys.push(`${audience.key}.title`, `${audience.key}.body`);
    for (const point of audience.points) keys.push(`${audience.key}.points.${point}`);
    for (const point of audience.coming ?? []) keys.push(`${audience.key}.coming.${point}`);
  }
  for (const part of PROOF_BUNDLE_PARTS)
    keys.push(`landing.proof.parts.${part}.label`, `landing.proof.parts.${part}.detail`);
  for (const step of HOW_IT_WORKS)
    keys.push(`landing.howItWorks.steps.${step}.title`, `landing.howItWorks.steps.${step}.body`);
  for (const entry of PRICING_FAQ)
    keys.push(`pricing.faq.items.${entry}.q`, `pricing.faq.items.${entry}.a`);
  for (const plan of PLANS) {
    const base = `plans.${plan.id}`;
    keys.push(`${base}.name`, `${base}.period`, `${base}.description`, planActionKey(plan.id));
    for (const feature of PLAN_FEATURES[plan.id]) keys.push(`${base}.features.${feature}`);
  }
  for (const id of DEBUG_GROUP_IDS) keys.push(`debug.groups.${id}`);
  for (const access of ROUTE_ACCESS) keys.push(`debug.access.${access}`);
  for (const route of routeTable()) if (route.screenKey) keys.push(route.screenKey);
  for (const language of LANGUAGES) keys.push(`layout.language.${language}`);
  return keys;
}

describe('the public pages’ content tables', () => {
  it.each(LANGUAGES)('name only keys the %s catalogue holds', (language) => {
    const missing = keysFromContent().filter(
      (key) => lookup(catalogues[language]!, key) === undefined,
    );
    expect(missing).toEqual([]);
  });

  it('write the plans in English exactly as the shared plan table does', () => {
    for (const plan of PLANS) {
      const text = (key: string) => lookup(catalogues.en as Tree, `plans.${plan.id}.${key}`);
      expect(text('name')).toBe(plan.name);
      expect(text('period')).toBe(plan.period);
      expect(text('description')).toBe(plan.description);
      expect(PLAN_FEATURES[plan.id].map((feature) => text(`features.${feature}`))).toEqual(
        plan.features,
      );
      expect(lookup(catalogues.en as Tree, planActionKey(plan.id))).toBe(plan.buttonText);
    }
  });

  it('name each language in its own words, whatever the page’s language', () => {
    for (const language of LANGUAGES)
      expect(lookup(catalogues[language]!, 'layout.language')).toBeUndefined();
    const names = (tree: Tree) => LANGUAGES.map((l) => lookup(tree, `layout.language.${l}`));
    expect(names(spanish as Tree)).toEqual(names(english as Tree));
    expect(names(french as Tree)).toEqual(names(english as Tree));
  });
});
