import type { Kysely } from 'kysely';

// Issue 32: when an app connection last walked everything it reads and removed what the source no
// longer has (its deltas do not report deletions); null: never since this column came.
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('connector_syncs').addColumn('reconciled_at', 'timestamptz').execute();
}
