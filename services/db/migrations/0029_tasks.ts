import { type Kysely, sql } from 'kysely';

// A person's tasks: scheduled tasks, price alerts and shortcuts, with their next and last run
// (projection of services/tasks). The scheduler reads only the partial index of active tasks
// with a next run, so idle ones cost it nothing. The lead renumbers this migration at merge.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('tasks')
    .addColumn('task_id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('task_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('search_model', 'text', (c) => c.notNull())
    .addColumn('sources', sql`text[]`, (c) => c.notNull())
    .addColumn('schedule_kind', 'text')
    .addColumn('rrule', 'text')
    .addColumn('start_at', 'timestamptz')
    .addColumn('tzid', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('alert_type', 'text')
    .addColumn('symbol', 'text')
    .addColumn('price', sql`double precision`)
    .addColumn('currency', 'text')
    .addColumn('value_lower_bound', sql`double precision`)
    .addColumn('value_upper_bound', sql`double precision`)
    .addColumn('next_run_at', 'timestamptz')
    .addColumn('last_run_status', 'text')
    .addColumn('last_run_at', 'timestamptz')
    .addColumn('last_run_reason', 'text')
    .addColumn('thread_slug', 'text')
    .addColumn('copied_from', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tasks_owner_created_idx').on('tasks').columns(['owner_id', 'created_at']).execute();
  await sql`create index tasks_due_idx on tasks (next_run_at) where status = 'ACTIVE' and next_run_at is not null`.execute(db);
  await sql`create index tasks_active_alerts_idx on tasks (symbol) where task_type = 'ALERT' and status = 'ACTIVE'`.execute(db);
}
