import { sql, type Kysely } from 'kysely';

// Issue 36: the person's meeting defaults (a meeting's length, the working day's hours and
// weekdays) are kept on the server with their other settings, so every device follows the same
// ones; a row saved before keeps the defaults (30 minutes, 09:00-17:00, Monday to Friday).
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable('account_settings')
    .addColumn('meeting_minutes', 'integer', (c) => c.notNull().defaultTo(30))
    .addColumn('meeting_day_start_hour', 'integer', (c) => c.notNull().defaultTo(9))
    .addColumn('meeting_day_end_hour', 'integer', (c) => c.notNull().defaultTo(17))
    .addColumn('meeting_weekdays', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{1,2,3,4,5}'`))
    .execute();
}
