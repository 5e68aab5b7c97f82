import { sql, type Kysely } from 'kysely';

// A connector item keeps its path at the source where the provider names items by path (Dropbox:
// a deleted entry carries only its path, and an item's folder is known by its path), so a removal
// reaches the item and everything under it, and a listed item finds its folder.
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('connector_items').addColumn('path', 'text').execute();
  await db.schema
    .createIndex('connector_items_path_idx')
    .on('connector_items')
    .expression(sql`connection_uuid, lower(path) text_pattern_ops`)
    .where(sql.ref('path'), 'is not', null)
    .execute();
}
