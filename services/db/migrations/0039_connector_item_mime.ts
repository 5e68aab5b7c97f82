import type { Kysely } from 'kysely';

// A connector item keeps the provider's media type as the listing or delta said it, so a sync
// downloads a file (Drive exports its own documents by type) without asking the provider for
// the item again: a delta's calls stay about one per changed file.
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('connector_items').addColumn('mime_type', 'text').execute();
}
