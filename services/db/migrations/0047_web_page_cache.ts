import { type Kysely, sql } from 'kysely';

// Issue 33: the web pages an answer read, kept a while so the same page is not fetched twice in a
// short window, by any instance (a table, not a process's memory). A cache, not a read model: no
// event says what it holds, and emptying it only costs fetches. `text` is the page's readable
// text (extracted in a worker), `etag` / `last_modified` its validators for revalidation,
// `checked_at` when the copy was last known good (fetched, or a 304), which also says which rows
// are dropped first when the cache is full.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('web_page_cache')
    .addColumn('url', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('etag', 'text')
    .addColumn('last_modified', 'text')
    .addColumn('checked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('web_page_cache_checked_at_idx').on('web_page_cache').column('checked_at').execute();
}
