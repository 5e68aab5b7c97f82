import { sql, type Kysely } from 'kysely';

// Read models of threads (projections of the thread events) and the passage index that answers
// retrieve from (help corpus now; files and Spaces later).
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('threads')
    .addColumn('context_uuid', 'text', (c) => c.primaryKey())
    .addColumn('thread_url_slug', 'text', (c) => c.notNull().unique())
    .addColumn('frontend_context_uuid', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('first_query', 'text', (c) => c.notNull())
    .addColumn('owner_user_id', 'text')
    .addColumn('owner_visitor_id', 'text')
    .addColumn('thread_access', 'text', (c) => c.notNull())
    .addColumn('incognito', 'boolean', (c) => c.notNull())
    .addColumn('expiry_time', 'timestamptz')
    .addColumn('entry_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('threads_owner_user_idx').on('threads').columns(['owner_user_id', 'updated_at']).execute();
  await db.schema.createIndex('threads_owner_visitor_idx').on('threads').columns(['owner_visitor_id', 'updated_at']).execute();
  await db.schema
    .createTable('thread_entries')
    .addColumn('backend_uuid', 'text', (c) => c.primaryKey())
    .addColumn('context_uuid', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('query_str', 'text', (c) => c.notNull())
    .addColumn('search_mode', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('sources', 'jsonb', (c) => c.notNull())
    .addColumn('related_questions', 'jsonb', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('thread_entries_context_idx').on('thread_entries').columns(['context_uuid', 'position']).execute();
  await sql`create index thread_entries_text_idx on thread_entries using gin (to_tsvector('english', query_str || ' ' || answer))`.execute(db);

  await db.schema
    .createTable('passages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('corpus', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('heading', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('ordinal', 'integer', (c) => c.notNull())
    .addColumn('tsv', sql`tsvector`, (c) => c.generatedAlwaysAs(sql`to_tsvector('english', heading || ' ' || content)`).stored())
    .execute();
  await sql`create index passages_tsv_idx on passages using gin (tsv)`.execute(db);
  await db.schema.createIndex('passages_corpus_idx').on('passages').column('corpus').execute();
  await db.schema
    .createTable('passage_corpora')
    .addColumn('corpus', 'text', (c) => c.primaryKey())
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('indexed_at', 'timestamptz', (c) => c.notNull())
    .execute();
}
