import type { Kysely } from 'kysely';

// Seed 003's task draft `notificationSettings`: the channels a task's runs may notify on, each
// narrowing the person's own notification preferences. Tasks made before notify as before: on all.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable('tasks')
    .addColumn('notify_email', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('notify_in_app', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('notify_push', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
}
