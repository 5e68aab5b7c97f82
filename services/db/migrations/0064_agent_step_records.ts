import type { Kysely } from 'kysely';

// Issue 34: an agent task keeps its tool calls and screenshots with it (projections of
// services/agent), so the person's data export has them: the call on its step, and each
// screenshot the extension took, by step.
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('agent_steps').addColumn('tool_call', 'jsonb').execute();
  await db.schema
    .createTable('agent_screenshots')
    .addColumn('task_uuid', 'text', (c) => c.notNull())
    .addColumn('step', 'integer', (c) => c.notNull())
    .addColumn('media_type', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('agent_screenshots_pk', ['task_uuid', 'step'])
    .execute();
}
