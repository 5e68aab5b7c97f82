import type { Kysely } from 'kysely';

// Read models of thread sharing: requests for access to private threads and the readers their
// owners let in (projections of the thread events), and the Space a thread is in.
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('threads').addColumn('collection_uuid', 'text').execute();
  await db.schema
    .createTable('thread_access_requests')
    .addColumn('request_id', 'text', (c) => c.primaryKey())
    .addColumn('context_uuid', 'text', (c) => c.notNull())
    .addColumn('requester_user_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
    .addColumn('answered_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('thread_access_requests_thread_idx').on('thread_access_requests').columns(['context_uuid', 'status']).execute();
  await db.schema
    .createTable('thread_readers')
    .addColumn('context_uuid', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('granted_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('thread_readers_pk', ['context_uuid', 'user_id'])
    .execute();
}
