import { sql, type Kysely } from 'kysely';

// Read models of file repositories (projections of the file events), organisations' file
// settings, and the file columns of the passage index: a file's passages carry its uuid and
// page so a citation opens the file there, and a delete removes them by uuid.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('files')
    .addColumn('file_uuid', 'text', (c) => c.primaryKey())
    .addColumn('repo_type', 'text', (c) => c.notNull())
    .addColumn('repo_owner', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('file_title', 'text', (c) => c.notNull())
    .addColumn('file_description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('file_type', 'text', (c) => c.notNull())
    .addColumn('is_attachment', 'boolean', (c) => c.notNull())
    .addColumn('file_size', 'bigint', (c) => c.notNull())
    .addColumn('object_key', 'text', (c) => c.notNull())
    .addColumn('uploaded_by_user_id', 'text', (c) => c.notNull())
    .addColumn('uploader_email', 'text', (c) => c.notNull())
    .addColumn('file_state', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('page_count', 'integer')
    .addColumn('passage_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('files_repo_updated_idx').on('files').columns(['repo_type', 'repo_owner', 'updated_at desc', 'file_uuid']).execute();
  await db.schema.createIndex('files_repo_filename_idx').on('files').columns(['repo_type', 'repo_owner', 'filename']).execute();
  await db.schema.createIndex('files_uploader_idx').on('files').columns(['uploaded_by_user_id', 'repo_type']).execute();
  await db.schema.createIndex('files_object_key_idx').on('files').column('object_key').execute();

  await db.schema
    .createTable('org_file_settings')
    .addColumn('org_uuid', 'text', (c) => c.primaryKey())
    .addColumn('downloads_disabled', 'boolean', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('passages').addColumn('file_uuid', 'text').execute();
  await db.schema.alterTable('passages').addColumn('page', 'integer').execute();
  await db.schema.alterTable('passages').addColumn('file_type', 'text').execute();
  await db.schema.alterTable('passages').addColumn('file_repository_type', 'text').execute();
  await db.schema
    .createIndex('passages_file_idx')
    .on('passages')
    .columns(['file_uuid', 'page', 'ordinal'])
    .where(sql.ref('file_uuid'), 'is not', null)
    .execute();
}
