import type { Kysely } from 'kysely';

// An organisation's insights by day (projection of questions, indexed files and answers):
// counts per day, who asked on each day, the last day each member asked, and questions per
// Space per day. Read as a few
// hundred rows at most per view, never by scanning the log.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('org_insights_daily')
    .addColumn('org_uuid', 'text', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('questions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active_members', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('files_indexed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_citation_answers', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('org_insights_daily_pk', ['org_uuid', 'day'])
    .execute();
  await db.schema
    .createTable('org_insights_active')
    .addColumn('org_uuid', 'text', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('org_insights_active_pk', ['org_uuid', 'day', 'user_id'])
    .execute();
  // The last day each member asked: how many were active in a period is a count of at most one
  // row per member, not a distinct count over every (day, member).
  await db.schema
    .createTable('org_insights_last_active')
    .addColumn('org_uuid', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('last_day', 'date', (c) => c.notNull())
    .addPrimaryKeyConstraint('org_insights_last_active_pk', ['org_uuid', 'user_id'])
    .execute();
  await db.schema.createIndex('org_insights_last_active_day_idx').on('org_insights_last_active').columns(['org_uuid', 'last_day']).execute();
  await db.schema
    .createTable('org_insights_spaces')
    .addColumn('org_uuid', 'text', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('space_uuid', 'text', (c) => c.notNull())
    .addColumn('questions', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('org_insights_spaces_pk', ['org_uuid', 'day', 'space_uuid'])
    .execute();
}
