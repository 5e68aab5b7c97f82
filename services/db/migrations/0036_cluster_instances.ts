import { type Kysely, sql } from 'kysely';

// The app instances sharing this database, each seen at its last heartbeat: a live instance takes
// over the durable workflows of one that stopped answering (services/cluster).
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('cluster_instances')
    .addColumn('instance_id', 'text', (c) => c.primaryKey())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('taken_over_by', 'text')
    .execute();
}
