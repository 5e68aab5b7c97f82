import { type Kysely, sql } from 'kysely';

// Issue 34, the in-browser agent. Its tasks and their steps (projections of services/agent), and
// the table @socket.io/postgres-adapter keeps payloads in that are too large for a NOTIFY (the
// agent socket's messages between app instances).
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('agent_tasks')
    .addColumn('task_uuid', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('task', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('pending_confirmation', 'jsonb')
    .addColumn('summary', 'text')
    .addColumn('failure', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('agent_tasks_owner_idx').on('agent_tasks').columns(['owner_id', 'created_at']).execute();
  await db.schema
    .createTable('agent_steps')
    .addColumn('task_uuid', 'text', (c) => c.notNull())
    .addColumn('step', 'integer', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('agent_steps_pk', ['task_uuid', 'step'])
    .execute();
  await sql`create table if not exists socket_io_attachments (
    id bigserial unique,
    created_at timestamptz default now(),
    payload bytea
  )`.execute(db);
}
