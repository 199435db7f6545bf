/**
 * The support chat and help centre, measured on material kept out of their making:
 *   - intent accuracy on labelled utterances: `dev` (looked at while the classifier and its
 *     rules were adjusted) and `test` (held out: only ever measured), both written without
 *     sight of the code, separately from the training utterances the classifier learns from;
 *   - retrieval hit rate@3 on questions whose right article is known (written from the article
 *     list only, without the articles' text): the help centre's search, and the chat's sources;
 *   - answer time of POST /api/support/chat without a model (p50, p95), on an embedded database.
 *
 *   npm run bench:support
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { createHelpCentre, searchArticles } from '../src/server/features/support/help-centre';
import { benchOrganization } from './organization';

interface Utterance {
  text: string;
  intent: string;
}
interface Question {
  question: string;
  expected: string;
  alsoOk?: string;
}
const read = <T>(name: string): T =>
  JSON.parse(readFileSync(new URL(`./support/${name}`, import.meta.url), 'utf8')) as T;

const centre = createHelpCentre();

function intentAccuracy(name: string, set: Utterance[]) {
  let right = 0;
  const misses: string[] = [];
  for (const u of set) {
    const guess = centre.classifier.classify(u.text);
    if (guess.intent === u.intent) right++;
    else misses.push(`${u.intent} → ${guess.intent} (${guess.confidence.toFixed(2)}): ${u.text}`);
  }
  return { set: name, utterances: set.length, accuracy: right / set.length, misses };
}

const handle = await openDatabase({ kind: 'pglite' });
await handle.migrate();
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DATA_DIR: mkdtempSync(join(tmpdir(), 'centerline-bench-')),
  CLIENT_DIR: join(tmpdir(), 'centerline-no-client'),
});
const app = await buildApp({ db: handle.db, config, logger: false });
const password = 'a long bench passphrase';
// The chat allows a person 30 questions a minute; the benchmark asks as a new person every 25.
let asker = { cookie: '', asked: 25 };
async function nextAsker() {
  const email = `bench-support-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`;
  await benchOrganization(handle.db, { name: 'Bench Training Center', email, password });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  const set = login.headers['set-cookie'];
  const cookie = (Array.isArray(set) ? set : [set!]).map((c) => c.split(';')[0]).join('; ');
  asker = { cookie, asked: 0 };
}

async function ask(message: string) {
  if (asker.asked >= 25) await nextAsker();
  asker.asked++;
  const began = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/support/chat',
    headers: { cookie: asker.cookie },
    payload: { message },
  });
  const ms = performance.now() - began;
  return {
    ms,
    status: res.statusCode,
    body: res.json() as { sources: { articleId: string }[]; intent: string },
  };
}

const hit = (ids: string[], q: Question) =>
  ids.slice(0, 3).some((id) => id === q.expected || id === q.alsoOk);

async function retrieval(name: string, set: Question[]) {
  let searchHits = 0;
  let chatHits = 0;
  const times: number[] = [];
  const misses: string[] = [];
  for (const q of set) {
    const found = await searchArticles(handle.db, centre, q.question, 'en', { limit: 3 });
    if (
      hit(
        found.map((f) => f.articleId),
        q,
      )
    )
      searchHits++;
    const answer = await ask(q.question);
    if (answer.status !== 200) throw new Error(`chat answered ${answer.status}`);
    times.push(answer.ms);
    const sources = answer.body.sources.map((s) => s.articleId);
    if (hit(sources, q)) chatHits++;
    else
      misses.push(`${q.expected}: ${q.question} → [${sources.join(', ')}] (${answer.body.intent})`);
  }
  return {
    set: name,
    questions: set.length,
    searchHitAt3: searchHits / set.length,
    chatHitAt3: chatHits / set.length,
    times,
    misses,
  };
}

const intents = [
  intentAccuracy('dev', read<Utterance[]>('utterances.dev.json')),
  intentAccuracy('test (held out)', read<Utterance[]>('utterances.test.json')),
];
const retrievals = [];
for (const [name, file] of [
  ['dev', 'retrieval-dev.json'],
  ['test (held out)', 'retrieval-test.json'],
] as const) {
  retrievals.push(await retrieval(name, read<Question[]>(file)));
}
const all = retrievals.flatMap((r) => r.times).sort((a, b) => a - b);
const pct = (p: number) => all[Math.min(all.length - 1, Math.ceil(p * all.length) - 1)]!;

console.table(
  intents.map(({ misses: _misses, ...r }) => ({
    ...r,
    accuracy: `${(r.accuracy * 100).toFixed(1)} %`,
  })),
);
console.table(
  retrievals.map(({ misses: _misses, times: _times, ...r }) => ({
    ...r,
    searchHitAt3: `${(r.searchHitAt3 * 100).toFixed(1)} %`,
    chatHitAt3: `${(r.chatHitAt3 * 100).toFixed(1)} %`,
  })),
);
console.log(
  `chat answer time without a model over ${all.length} questions: p50 ${pct(0.5).toFixed(1)} ms, p95 ${pct(0.95).toFixed(1)} ms`,
);
if (process.env.BENCH_SHOW_DEV) {
  console.log('\nDev misses (intents):\n' + intents[0]!.misses.join('\n'));
  console.log('\nDev misses (retrieval):\n' + retrievals[0]!.misses.join('\n'));
}
await app.close();
await handle.close();
