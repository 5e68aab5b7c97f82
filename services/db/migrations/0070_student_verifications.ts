import type { Kysely } from 'kysely';

// Student verification (issue 36): one row per person who asked for a code, with where it stands
// (services/students/projections.ts). Read by user_id.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('student_verifications')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('domain', 'text')
    .addColumn('verified_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
}
