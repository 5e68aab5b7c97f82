import type { Kysely } from 'kysely';

// Checking an answer's sources reads the whole passages behind its cited urls
// (services/answers/cited-passages.ts); without this it scans every passage.
export async function up(db: Kysely<unknown>) {
  await db.schema.createIndex('passages_url_idx').on('passages').column('url').execute();
}
