// The relevance threshold (relevance.ts) on the retrieval eval: the 550 questions of the public
// `interview-questions` package (tests/bench/retrieval.ts asks them through the server) over
// their own sections and the user guide, ranked by plain BM25 (tests/bench/retrieval-bm25.ts),
// and off-topic questions over the same passages. Recall: a question's own section, when BM25's
// top 5 holds it, is kept, asked word for word (its title) and in other words (its `theme`
// keywords, "cookie, delete, remove"). Precision: what BM25 finds for an off-topic question is
// dropped. Measured at 0.3 / 0.4 / 0.5 / 0.6 / 0.67: titles 549 of 549 kept at each; themes 182,
// 181, 181, 176, 157 of 182; off-topic passages kept 41, 6, 5, 3, 0 of 200.
import { createRequire } from 'node:module';
import { expect, test } from 'vitest';
import { bm25Index } from '../../tests/bench/retrieval-bm25.js';
import { loadHelpCorpus } from './corpus.js';
import { coverage, passageText, RELEVANT_AT } from './relevance.js';

type Item = { title: string; text: string; theme?: string };
const K = 5;

/** Questions about things neither JavaScript nor this product's guide covers. */
const OFF_TOPIC = [
  'What is the boiling point of water at high altitude?',
  'How many robots were sold in Spain?',
  'Who won the football world cup in 2018?',
  'How do I bake sourdough bread at home?',
  'What is the capital city of Australia?',
  'How tall is Mount Everest?',
  'When did the Roman empire fall?',
  'What causes the northern lights?',
  'How do vaccines train the immune system?',
  'What is the best time of year to plant tomatoes?',
  'How long should I boil an egg?',
  'Why is the sky blue during the day?',
  'What is the population of Brazil?',
  'How does a car engine work?',
  'Which planets have rings?',
  'How do I change a flat tyre on my bicycle?',
  'What did the stock market do in 1929?',
  'How many calories are in a banana?',
  'Who painted the Mona Lisa?',
  'What is the speed of sound in air?',
  'How do bees make honey?',
  'What language is spoken in Quebec?',
  'How do I lower my blood pressure naturally?',
  'What is the tallest tree species?',
  'How deep is the Pacific ocean?',
  'What is photosynthesis in plants?',
  'Which countries border Germany?',
  'How do I knit a scarf for beginners?',
  'What is the melting point of iron?',
  'When is the next solar eclipse in Europe?',
  'How do I train my dog to sit?',
  'What were the causes of the first world war?',
  'How much rain falls in the Sahara desert?',
  'What is the recipe for French onion soup?',
  'How many players are on a rugby team?',
  'What vitamins are in spinach?',
  'How do airplanes stay in the air?',
  'Who wrote the novel War and Peace?',
  'How old is the universe?',
  'What is the exchange rate of the Swiss franc?',
];

function evalCorpus() {
  const items = (createRequire(import.meta.url)('interview-questions/question.json') as Item[]).filter((i) => i.title.trim() && i.text.trim());
  const own = items.map((item, i) => {
    const [first, ...rest] = item.text.trim().split('\n');
    return {
      id: `q${String(i).padStart(4, '0')}`,
      title: 'JavaScript interview questions',
      heading: first.replace(/^#+\s*/, ''),
      content: rest.join('\n').trim(),
    };
  });
  const guide = loadHelpCorpus().passages.map((p) => ({ id: `help:${p.id}`, title: p.title, heading: p.heading, content: p.content }));
  const passages = [...own, ...guide];
  const byId = new Map(passages.map((p) => [p.id, p]));
  const search = bm25Index(passages.map((p) => ({ id: p.id, text: passageText(p) })));
  return { items, own, byId, search };
}

test('the threshold keeps a question its own section and drops what off-topic questions find', () => {
  const { items, own, byId, search } = evalCorpus();
  let found = 0;
  let kept = 0;
  items.forEach((item, i) => {
    const top = search(item.title, K);
    if (!top.includes(own[i].id)) return;
    found++;
    if (coverage(item.title, passageText(own[i])) >= RELEVANT_AT) kept++;
  });
  let themesFound = 0;
  let themesKept = 0;
  items.forEach((item, i) => {
    const theme = item.theme?.replace(/,/g, ' ') ?? '';
    if (!theme.trim() || !search(theme, K).includes(own[i].id)) return;
    themesFound++;
    if (coverage(theme, passageText(own[i])) >= RELEVANT_AT) themesKept++;
  });
  let offFound = 0;
  let offKept = 0;
  for (const q of OFF_TOPIC)
    for (const id of search(q, K)) {
      offFound++;
      if (coverage(q, passageText(byId.get(id)!)) >= RELEVANT_AT) offKept++;
    }
  console.log(
    `relevance eval at ${RELEVANT_AT}: own section kept ${kept}/${found} (titles), ${themesKept}/${themesFound} (themes); off-topic passages kept ${offKept}/${offFound}`,
  );
  expect(found).toBeGreaterThan(500);
  expect(kept / found).toBeGreaterThanOrEqual(0.99);
  expect(themesFound).toBeGreaterThan(150);
  expect(themesKept / themesFound).toBeGreaterThanOrEqual(0.95);
  expect(offFound).toBe(OFF_TOPIC.length * K);
  expect(offKept / offFound).toBeLessThanOrEqual(0.03);
});
