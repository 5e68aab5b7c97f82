// The catalogue's statistics folder in the background (stat-folder-background.ts), on real
// PostgreSQL: a change left by a sync that could not fold it (its instance stopped) is folded at
// start, and one recorded later when the log says products were recorded.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migratedDb } from '../../../tests/support/database.js';
import type { Db } from '../../db/database.js';
import type { EventLogSignals } from '../../eventstore/signals.js';
import { startCatalogueStatFolder } from './stat-folder-background.js';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await migratedDb(4));
});
afterAll(async () => close?.());

async function until(what: string, done: () => Promise<boolean>) {
  for (let i = 0; i < 200; i++) {
    if (await done()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function addProduct(id: string, title: string, words: number) {
  await sql`insert into shopping_products (product_id, merchant_id, title, description, brand, link, images, min_price_minor, currency, available, position, bm25_terms, word_count)
    values (${id}, 'peak', ${title}, '', null, 'https://shop.example', '{}', 100, 'EUR', true, 0, to_tsvector('simple', ${title}), ${words})`.execute(db);
  await sql`insert into shopping_stat_changes (merchant_id) values ('peak')`.execute(db);
}

const stats = async () => ({
  terms: (await sql<{ term: string; df: number }>`select term, df from shopping_term_stats order by term`.execute(db)).rows,
  size: (await sql<{ products: string; words: string }>`select products, words from shopping_catalogue_stats`.execute(db)).rows,
});

test('folds what is left at start, and again when products are recorded', async () => {
  await addProduct('peak:K', 'kettle', 1);
  let wake: (() => void) | undefined;
  const signals: EventLogSignals = {
    onAppend(types, w) {
      expect(types).toEqual(['MerchantProductsRecorded', 'MerchantRemoved']);
      wake = w;
      return () => {
        wake = undefined;
      };
    },
  };
  const errors: unknown[] = [];
  const folder = startCatalogueStatFolder(db, { signals, onError: (err) => errors.push(err) });
  try {
    await until('the fold at start', async () => (await stats()).size.length === 1);
    expect(await stats()).toEqual({ terms: [{ term: 'kettle', df: 1 }], size: [{ products: '1', words: '1' }] });
    await addProduct('peak:M', 'enamel kettle', 2);
    wake?.();
    await until('the fold when told', async () => (await stats()).size[0]?.products === '2');
    expect(await stats()).toEqual({
      terms: [
        { term: 'enamel', df: 1 },
        { term: 'kettle', df: 2 },
      ],
      size: [{ products: '2', words: '3' }],
    });
    expect(errors).toEqual([]);
  } finally {
    await folder.stop();
  }
  expect(wake).toBeUndefined();
});
