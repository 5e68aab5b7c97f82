// The guide in the passage index on real PostgreSQL: published through events once, again only
// when its text changed; BM25 retrieval ranks the section that answers the question first.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migratedDb } from '../../tests/support/database.js';
import { projections } from '../app/projections.js';
import type { Db } from '../db/database.js';
import { EventStore } from '../eventstore/store.js';
import { foldPassageStats, searchPassages, HELP_CORPUS } from '../passages/index.js';
import { loadHelpCorpus } from './corpus.js';
import { GUIDE_STREAM } from './events.js';
import { publishGuide } from './guide.js';
import { helpSource } from './passages.js';
import { allTables } from '../../tests/support/all-tables.js';

let db: Db;
let close: () => Promise<void>;
let store: EventStore;
beforeAll(async () => {
  ({ db, close } = await migratedDb(2));
  store = new EventStore(db, projections);
});
afterAll(async () => close?.());

const count = async () =>
  Number(
    (
      await allTables(db)
        .selectFrom('passages')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('corpus', '=', HELP_CORPUS)
        .executeTakeFirstOrThrow()
    ).n,
  );

test('publishes the guide once; again only when its text changed, replacing the earlier passages', async () => {
  const guide = loadHelpCorpus();
  expect(await publishGuide(store, guide)).toBe(true);
  expect(await publishGuide(store, guide)).toBe(false);
  expect(await count()).toBe(guide.passages.length);
  expect(await publishGuide(store, { passages: guide.passages.slice(1), hash: 'other' })).toBe(true);
  expect(await count()).toBe(guide.passages.length - 1);
  expect(await publishGuide(store, guide)).toBe(true);
  expect(await count()).toBe(guide.passages.length);
  expect((await store.readStream(GUIDE_STREAM)).map((e) => e.type)).toEqual(['GuidePublished', 'GuidePublished', 'GuidePublished']);
});

test('retrieval: the answering section first, top-k, any of the words, nothing for no words', async () => {
  // The guide's statistics, as the app's folder leaves them after the publications above.
  expect(await foldPassageStats(db)).not.toBe('busy');
  const hits = await searchPassages(db, [HELP_CORPUS], 'how do I share a thread?', 3);
  expect(hits).toHaveLength(3);
  expect(hits[0].heading).toBe('How do I share a thread?');
  expect(hits[0].score).toBeGreaterThanOrEqual(hits[1].score);
  expect((await searchPassages(db, [HELP_CORPUS], 'keyboard shortcuts', 5))[0].heading).toMatch(/keyboard shortcut/i);
  expect(await searchPassages(db, [HELP_CORPUS], '?!', 5)).toEqual([]);
  expect(await searchPassages(db, [HELP_CORPUS], 'zyzzyva', 5)).toEqual([]);
  const found = await helpSource(db).search('SEARXNG_URL web search', 3);
  expect(found.every((p) => p.domain === 'help')).toBe(true);
  expect(found.map((p) => p.url)).toContain('/help/self-hosting#how-do-i-turn-on-web-search');
});
