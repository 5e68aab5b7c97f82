// Drops every read model owned by a projection and replays the whole log through it.
import { sql } from 'kysely';
import type { EventStore } from './store.js';
import { own } from './tables.js';

export async function rebuildProjections(store: EventStore, batchSize = 1000) {
  const tables = [...new Set(store.projections.flatMap((p) => p.tables))];
  let count = 0;
  await store.db.transaction().execute(async (trx) => {
    if (tables.length) await sql.raw(`truncate ${tables.map((t) => `"${t}"`).join(', ')}`).execute(trx);
    let after = '0';
    for (;;) {
      const rows = await own(trx).selectFrom('events').selectAll().where('global_position', '>', after).orderBy('global_position').limit(batchSize).execute();
      if (rows.length === 0) break;
      await store.projectAll(
        trx,
        rows.map((r) => store.toStored(r)),
      );
      after = rows[rows.length - 1].global_position;
      count += rows.length;
    }
    for (const p of store.projections) await p.afterReplay?.(trx);
  });
  return { events: count, tables };
}
