// Product search ranks as passages do (migration 0076, queries.ts, stat-folder.ts), on real
// PostgreSQL, over random catalogues and random histories of syncs: after each sync (adding a
// merchant, replacing its catalogue, removing it) the kept statistics equal those counted afresh
// from the feeds' text, and within each candidate tier the order is Okapi BM25 with the
// passages' k1 and b computed here from the feeds' text (the passages' tokens, the title and
// brand twice) as the reference.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type FakeItem, tsvFeed } from '../../../tests/fakes/merchant-feed.js';
import { migratedDb } from '../../../tests/support/database.js';
import { projections } from '../../app/projections.js';
import type { Db } from '../../db/database.js';
import { EventStore } from '../../eventstore/store.js';
import { BM25, passageTerms, termsOf } from '../../passages/index.js';
import { closeWorkerPools } from '../../workers/index.js';
import { searchProducts, searchWords } from './queries.js';
import { foldCatalogueStats } from './stat-folder.js';
import { removeUnlisted, syncMerchant } from './sync.js';

let db: Db;
let close: () => Promise<void>;
let store: EventStore;
const dir = mkdtempSync(join(tmpdir(), 'bm25-'));
beforeAll(async () => {
  ({ db, close } = await migratedDb(4));
  store = new EventStore(db, projections);
});
afterAll(async () => {
  await closeWorkerPools();
  await close?.();
});

const deps = () => ({ db, store, now: () => new Date(), feedMaxBytes: 1024 * 1024 });
const merchantOf = (id: string) => ({ id, name: id, file: join(dir, `${id}.tsv`), shipping_rates: [] });

async function sync(id: string, items: FakeItem[]) {
  writeFileSync(join(dir, `${id}.tsv`), tsvFeed(items));
  const result = await syncMerchant(deps(), merchantOf(id));
  expect(['synced', 'unchanged']).toContain(result.outcome);
}

/** A product's text as BM25 reads it: the title and brand twice (as a heading), then the description. */
const headingOf = (i: FakeItem) => `${i.title} ${i.brand ?? ''}`;

/** The statistics as kept, and as counted from the feeds' text. */
async function statistics(catalogue: Map<string, FakeItem[]>) {
  const terms = await sql<{ merchant_id: string; term: string; df: number }>`select merchant_id, term, df from shopping_term_stats`.execute(db);
  const sizes = await sql<{ merchant_id: string; products: string; words: string }>`select merchant_id, products, words from shopping_catalogue_stats`.execute(
    db,
  );
  const kept = {
    terms: terms.rows.map((r) => `${r.merchant_id} ${r.term} ${r.df}`).sort(),
    sizes: sizes.rows.map((r) => `${r.merchant_id} ${r.products} ${r.words}`).sort(),
  };
  const counted = { terms: [] as string[], sizes: [] as string[] };
  for (const [merchant, items] of catalogue) {
    if (!items.length) continue;
    const df = new Map<string, number>();
    for (const i of items) for (const t of new Set(termsOf(`${headingOf(i)} ${i.description ?? ''}`))) df.set(t, (df.get(t) ?? 0) + 1);
    counted.terms.push(...[...df].map(([t, n]) => `${merchant} ${t} ${n}`));
    const words = items.reduce((n, i) => n + passageTerms(headingOf(i), i.description ?? '').words, 0);
    counted.sizes.push(`${merchant} ${items.length} ${words}`);
  }
  counted.terms.sort();
  counted.sizes.sort();
  return { kept, counted };
}

/** Okapi BM25 of each product for the words, over the whole catalogue, from the feeds' text: the reference. */
function reference(catalogue: Map<string, FakeItem[]>, words: string[]): Map<string, number> {
  const docs = [...catalogue].flatMap(([m, items]) =>
    items.map((i) => ({ id: `${m}:${i.id}`, terms: termsOf(`${headingOf(i)} ${headingOf(i)} ${i.description ?? ''}`) })),
  );
  const avgdl = Math.max(docs.reduce((s, d) => s + d.terms.length, 0) / Math.max(docs.length, 1), 1);
  const df = (w: string) => docs.filter((d) => d.terms.includes(w)).length;
  return new Map(
    docs.map((d) => [
      d.id,
      words.reduce((s, w) => {
        const tf = d.terms.filter((t) => t === w).length;
        if (!tf) return s;
        const idf = Math.log(1 + (docs.length - df(w) + 0.5) / (df(w) + 0.5));
        return s + (idf * tf * (BM25.k1 + 1)) / (tf + BM25.k1 * (1 - BM25.b + (BM25.b * d.terms.length) / avgdl));
      }, 0),
    ]),
  );
}

/** The products a tier's full-text condition finds, as the search's candidates. */
async function tier(condition: 'title-all' | 'all' | 'any', words: string[]): Promise<string[]> {
  const query = words.join(condition === 'any' ? ' | ' : ' & ');
  const column = condition === 'title-all' ? sql.ref('title_search') : sql.ref('search');
  const { rows } = await sql<{ product_id: string }>`select product_id from shopping_products where ${column} @@ to_tsquery('english', ${query})`.execute(db);
  return rows.map((r) => r.product_id);
}

/** The order the search must give: each tier by the reference's BM25 (ties to the smaller id), the tiers in turn. */
async function expectedOrder(catalogue: Map<string, FakeItem[]>, terms: string, limit: number): Promise<{ id: string; score: number }[]> {
  const words = searchWords(terms);
  const scores = reference(catalogue, words);
  const ranked = (ids: string[]) =>
    ids.map((id) => ({ id, score: scores.get(id) ?? 0 })).sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const first = ranked(await tier('title-all', words));
  const seen = new Set(first.map((f) => f.id));
  let found = [...first, ...ranked((await tier('all', words)).filter((id) => !seen.has(id)))].slice(0, limit);
  if (!found.length) found = ranked(await tier('any', words)).slice(0, limit);
  return found;
}

/** Same scores up to float rounding: products whose reference scores are that close may come in either order. */
function expectSameRanking(got: string[], want: { id: string; score: number }[]) {
  expect(got.length).toBe(want.length);
  const scoreOf = new Map(want.map((w) => [w.id, w.score]));
  for (const [i, id] of got.entries()) {
    expect(scoreOf.has(id), `${id} among the expected products`).toBe(true);
    if (got[i] !== want[i].id) expect(Math.abs((scoreOf.get(id) ?? 0) - want[i].score)).toBeLessThan(1e-9);
  }
}

const WORDS = ['waterproof', 'Jacket', 'jackets', 'trail-runner', 'Café', 'boots', 'x42', '189.00', 'the', 'light', 'LIGHT', 'shell', 'für', 'e-mail'];
const text = (min: number, max: number) => fc.array(fc.constantFrom(...WORDS), { minLength: min, maxLength: max }).map((w) => w.join(' '));
const items = fc.uniqueArray(
  fc.record({ id: fc.constantFrom(...'ABCDEFGHIJKL'), title: text(1, 4), brand: fc.option(text(1, 2), { nil: undefined }), description: text(0, 8) }),
  { selector: (i) => i.id, minLength: 3, maxLength: 12 },
);
const syncStep = fc.record({ op: fc.constant('sync' as const), merchant: fc.constantFrom('peak', 'trail'), items });
const step = fc.oneof(
  { arbitrary: syncStep, weight: 3 },
  { arbitrary: fc.record({ op: fc.constant('remove' as const), merchant: fc.constantFrom('peak', 'trail') }), weight: 1 },
);

test('the statistics always equal a recount of the feeds, and products rank by BM25 from the feeds text', { timeout: 120_000 }, async () => {
  await fc.assert(
    fc.asyncProperty(syncStep, fc.array(step, { maxLength: 3 }), fc.array(text(1, 2), { minLength: 2, maxLength: 4 }), async (first, more, searches) => {
      const steps = [first, ...more];
      await sql`truncate events, shopping_products, shopping_options, shopping_merchant_syncs, shopping_term_stats, shopping_catalogue_stats, shopping_stat_changes`.execute(
        db,
      );
      const catalogue = new Map<string, FakeItem[]>();
      for (const s of steps) {
        if (s.op === 'sync') {
          const feed = s.items.map((i) => ({ ...i, price: '10.00 EUR' }));
          await sync(s.merchant, feed);
          catalogue.set(s.merchant, feed);
        } else {
          await removeUnlisted(deps(), [...catalogue.keys()].filter((m) => m !== s.merchant).map(merchantOf));
          catalogue.delete(s.merchant);
        }
        const { kept, counted } = await statistics(catalogue);
        expect(kept).toEqual(counted);
      }
      for (const terms of searches) {
        const found = await searchProducts(db, { terms, maxPriceMinor: null, currency: null, limit: 3 });
        expectSameRanking(
          found.map((f) => f.product_id),
          await expectedOrder(catalogue, terms, 3),
        );
      }
    }),
    { numRuns: 12, endOnFailure: true },
  );
});

test('a change recorded but not folded yet is folded by the next fold, and a fold with nothing to do changes nothing', async () => {
  await sql`truncate events, shopping_products, shopping_options, shopping_merchant_syncs, shopping_term_stats, shopping_catalogue_stats, shopping_stat_changes`.execute(
    db,
  );
  const feed: FakeItem[] = [{ id: 'K', title: 'Enamel kettle', brand: 'Peak', description: 'Boils water', price: '24.00 EUR' }];
  await sync('peak', feed);
  // As if the instance stopped between the sync's commit and its fold: the statistics are lost and the change is there again.
  await sql`delete from shopping_term_stats`.execute(db);
  await sql`insert into shopping_stat_changes (merchant_id) values ('peak')`.execute(db);
  expect(await foldCatalogueStats(db)).toEqual({ merchants: ['peak'] });
  const { kept, counted } = await statistics(new Map([['peak', feed]]));
  expect(kept).toEqual(counted);
  expect(await foldCatalogueStats(db)).toEqual({ merchants: [] });
  expect((await statistics(new Map([['peak', feed]]))).kept).toEqual(kept);
});
