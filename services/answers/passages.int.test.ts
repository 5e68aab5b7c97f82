// The passage index on real PostgreSQL: indexing is idempotent, and full-text retrieval ranks
// the section that answers the question first.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migratedDb } from '../../tests/support/database.js';
import type { Db } from '../db/database.js';
import { loadHelpCorpus } from './corpus.js';
import { HELP_CORPUS, helpSource, indexCorpus, searchPassages } from './passages.js';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await migratedDb(2));
});
afterAll(async () => close?.());

test('indexes once; indexes again only when the content changed', async () => {
  const { passages, hash } = loadHelpCorpus();
  const now = new Date('2025-01-01T00:00:00Z');
  expect(await indexCorpus(db, HELP_CORPUS, passages, hash, now)).toBe(true);
  expect(await indexCorpus(db, HELP_CORPUS, passages, hash, now)).toBe(false);
  const count = async () =>
    Number(
      (
        await db
          .selectFrom('passages')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  expect(await count()).toBe(passages.length);
  expect(await indexCorpus(db, HELP_CORPUS, passages.slice(1), 'other', now)).toBe(true);
  expect(await count()).toBe(passages.length - 1);
  expect(await indexCorpus(db, HELP_CORPUS, passages, hash, now)).toBe(true);
});

test('retrieval: the answering section first, top-k, any of the words, nothing for no words', async () => {
  const hits = await searchPassages(db, [HELP_CORPUS], 'how do I share a thread?', 3);
  expect(hits).toHaveLength(3);
  expect(hits[0].heading).toBe('How do I share a thread?');
  expect(hits[0].rank).toBeGreaterThanOrEqual(hits[1].rank);
  expect((await searchPassages(db, [HELP_CORPUS], 'keyboard shortcuts', 5))[0].heading).toMatch(/keyboard shortcut/i);
  expect(await searchPassages(db, [HELP_CORPUS], '?!', 5)).toEqual([]);
  expect(await searchPassages(db, [HELP_CORPUS], 'zyzzyva', 5)).toEqual([]);
  const found = await helpSource(db).search('SEARXNG_URL web search', 3);
  expect(found.every((p) => p.domain === 'help')).toBe(true);
  expect(found.map((p) => p.url)).toContain('/help/self-hosting#how-do-i-turn-on-web-search');
});
