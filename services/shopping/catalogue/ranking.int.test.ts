// Product search ranks as passages do (migration 0067, queries.ts), on real PostgreSQL: the
// catalogue's BM25 statistics always equal a recount of its products (after a sync, a sync that
// replaces the catalogue, a merchant removed), and the ranking is Okapi BM25 with the passages'
// k1 and b, computed here from the products' own text as the reference: the title and brand
// twice, words in lower case with no stemming.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type FakeItem, tsvFeed } from '../../../tests/fakes/merchant-feed.js';
import { migratedDb } from '../../../tests/support/database.js';
import { projections } from '../../app/projections.js';
import type { Db } from '../../db/database.js';
import { EventStore } from '../../eventstore/store.js';
import { BM25, termsOf } from '../../passages/index.js';
import { closeWorkerPools } from '../../workers/index.js';
import { searchProducts } from './queries.js';
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

const PEAK: FakeItem[] = [
  { id: 'A', title: 'Alpine waterproof jacket', brand: 'Peak', description: 'A light shell for wet days on the trail', price: '189.00 EUR' },
  { id: 'B', title: 'Waterproof jacket', brand: 'Peak', description: 'Waterproof and windproof, a jacket for every day', price: '99.00 EUR' },
  { id: 'C', title: 'Trail jacket', brand: 'Peak', description: 'Not waterproof at all, but warm and light for long hikes in the hills', price: '79.00 EUR' },
  { id: 'D', title: 'Enamel camping kettle', brand: 'Peak', description: 'Boils water on any stove', price: '24.00 EUR' },
];
const TRAIL: FakeItem[] = [
  { id: 'T1', title: 'Waterproof hiking boots', brand: 'Trail', description: 'Leather boots, waterproof lining', price: '149.00 EUR' },
];

async function sync(id: string, items: FakeItem[]) {
  const file = join(dir, `${id}.tsv`);
  writeFileSync(file, tsvFeed(items));
  const result = await syncMerchant({ db, store, now: () => new Date(), feedMaxBytes: 1024 * 1024 }, { id, name: id, file, shipping_rates: [] });
  expect(['synced', 'unchanged']).toContain(result.outcome);
}

/** The statistics as kept, and as counted afresh from the products. */
async function statistics() {
  const kept = await sql<{ term: string; df: number }>`select term, df from shopping_term_stats order by term`.execute(db);
  const counted = await sql<{
    term: string;
    df: number;
  }>`select u.lexeme as term, count(*)::int as df from shopping_products p, unnest(p.bm25_terms) u group by 1 order by 1`.execute(db);
  const size = await sql<{ products: string; words: string }>`select products, words from shopping_catalogue_stats`.execute(db);
  const recount = await sql<{
    products: string;
    words: string;
  }>`select count(*) as products, coalesce(sum(word_count), 0) as words from shopping_products`.execute(db);
  return { kept: { terms: kept.rows, size: size.rows[0] ?? { products: '0', words: '0' } }, counted: { terms: counted.rows, size: recount.rows[0] } };
}

/** Okapi BM25 of every product for the words, from the feeds' text: the reference. */
function reference(items: FakeItem[], words: string[]) {
  const docs = items.map((i) => ({ id: i.id, terms: termsOf(`${i.title} ${i.title} ${i.brand ?? ''} ${i.brand ?? ''} ${i.description ?? ''}`) }));
  const avgdl = docs.reduce((s, d) => s + d.terms.length, 0) / docs.length;
  const df = (w: string) => docs.filter((d) => d.terms.includes(w)).length;
  return docs
    .map((d) => ({
      id: d.id,
      score: words.reduce((s, w) => {
        const tf = d.terms.filter((t) => t === w).length;
        const idf = Math.log(1 + (docs.length - df(w) + 0.5) / (df(w) + 0.5));
        return s + (idf * tf * (BM25.k1 + 1)) / (tf + BM25.k1 * (1 - BM25.b + (BM25.b * d.terms.length) / avgdl));
      }, 0),
    }))
    .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
}

test('the statistics follow the catalogue: a sync, a replacing sync, a merchant removed', async () => {
  await sync('peak', PEAK);
  await sync('trail', TRAIL);
  let s = await statistics();
  expect(s.kept).toEqual(s.counted);
  expect(Number(s.kept.size.products)).toBe(5);
  await sync('peak', PEAK.slice(1));
  s = await statistics();
  expect(s.kept).toEqual(s.counted);
  expect(Number(s.kept.size.products)).toBe(4);
  await removeUnlisted({ db, store, now: () => new Date(), feedMaxBytes: 1024 * 1024 }, [
    { id: 'peak', name: 'peak', file: join(dir, 'peak.tsv'), shipping_rates: [] },
  ]);
  s = await statistics();
  expect(s.kept).toEqual(s.counted);
  expect(Number(s.kept.size.products)).toBe(3);
  expect(s.kept.terms.map((t) => t.term)).not.toContain('boots');
});

test('products rank by Okapi BM25 over the catalogue, as passages do', async () => {
  await sync('peak', PEAK);
  await sync('trail', TRAIL);
  const all = [...PEAK, ...TRAIL];
  // Every word in the title: the jackets that say "waterproof jacket" in their titles, by BM25.
  const found = await searchProducts(db, { terms: 'waterproof jacket', maxPriceMinor: null, currency: null, limit: 8 });
  const expected = reference(all, ['waterproof', 'jacket']).filter((r) => ['A', 'B'].includes(r.id));
  expect(found.map((f) => f.product_id)).toEqual([...expected.map((r) => `peak:${r.id}`), 'peak:C']);
  // Any word, when no product holds them all: the BM25 order of every product holding one.
  const any = await searchProducts(db, { terms: 'kettle boots', maxPriceMinor: null, currency: null, limit: 8 });
  expect(any.map((f) => f.product_id)).toEqual(
    reference(all, ['kettle', 'boots'])
      .filter((r) => r.score > 0)
      .map((r) => (r.id === 'T1' ? 'trail:T1' : `peak:${r.id}`)),
  );
});
