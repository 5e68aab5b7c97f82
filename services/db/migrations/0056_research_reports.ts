import { type Kysely, sql } from 'kysely';

// Issue 33, Research: each report's progress and its steps (projections of services/research).
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('research_reports')
    .addColumn('backend_uuid', 'text', (c) => c.primaryKey())
    .addColumn('context_uuid', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('step_count', 'integer', (c) => c.notNull())
    .addColumn('sections', sql`text[]`, (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ended_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('research_reports_context_idx').on('research_reports').column('context_uuid').execute();
  await db.schema.createIndex('research_reports_user_idx').on('research_reports').column('user_id').execute();
  await db.schema
    .createTable('research_steps')
    .addColumn('backend_uuid', 'text', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('research_steps_pk', ['backend_uuid', 'number'])
    .execute();
}
