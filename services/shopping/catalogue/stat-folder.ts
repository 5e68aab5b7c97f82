// The statistics BM25 ranks products with (migration 0076), counted off the sync's transaction:
// the projection records which merchants' products changed (shopping_stat_changes), and this
// recounts those merchants' statistics from their products. A sync replaces a merchant's whole
// catalogue, so a recount of the merchant costs no more than adding and taking away every term
// would; and a recount is right whatever order changes come in. Kept inline (in the projection),
// the statistics doubled a 100,000-product feed's indexing time (541a5aaf).
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Trx } from '../../eventstore/types.js';

/** One instance folds at a time (two would recount the same merchant's rows at once). */
const FOLDER_LOCK = 'shopping:stat-folder';

export type FoldResult = { merchants: string[] } | 'busy';

/**
 * Recounts the statistics of every merchant with a change recorded, in one transaction. A
 * change committed while this runs stays in the table (its delete did not see it) and is
 * recounted by the next fold. 'busy': another folder holds the lock.
 */
export async function foldCatalogueStats(db: Db): Promise<FoldResult> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ got: boolean }>`select pg_try_advisory_xact_lock(hashtext(${FOLDER_LOCK})) as got`.execute(trx);
    if (!rows[0].got) return 'busy' as const;
    const changed = await sql<{ merchant_id: string }>`
      with d as (delete from shopping_stat_changes returning merchant_id) select distinct merchant_id from d`.execute(trx);
    const merchants = changed.rows.map((r) => r.merchant_id);
    if (merchants.length) await recount(trx, merchants);
    return { merchants };
  });
}

/** The merchants' statistics counted again from their products (none left: their rows go). */
async function recount(trx: Trx, merchants: string[]) {
  await sql`delete from shopping_term_stats where merchant_id = any(${merchants}::text[])`.execute(trx);
  await sql`delete from shopping_catalogue_stats where merchant_id = any(${merchants}::text[])`.execute(trx);
  // ts_stat counts a query's tsvectors in C: a sixth of the time an unnest and a grouping took.
  for (const merchant of merchants)
    await sql`insert into shopping_term_stats (term, merchant_id, df)
      select word, ${merchant}, ndoc from ts_stat(format('select bm25_terms from shopping_products where merchant_id = %L', ${merchant}::text))`.execute(trx);
  await sql`insert into shopping_catalogue_stats (merchant_id, products, words)
    select merchant_id, count(*), sum(word_count) from shopping_products where merchant_id = any(${merchants}::text[]) group by merchant_id`.execute(trx);
}

/** Every merchant's statistics counted again, and no change left: after a replay of the log (rebuildProjections). */
export async function recountCatalogueStats(trx: Trx) {
  await sql`delete from shopping_stat_changes`.execute(trx);
  await sql`delete from shopping_term_stats`.execute(trx);
  await sql`delete from shopping_catalogue_stats`.execute(trx);
  const { rows } = await sql<{ merchant_id: string }>`select distinct merchant_id from shopping_products`.execute(trx);
  if (rows.length)
    await recount(
      trx,
      rows.map((r) => r.merchant_id),
    );
}
