import type { Kysely } from 'kysely';

// The accounts read model follows AccountUsernameChanged (Better Auth's user row keeps it unique).
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('accounts').addColumn('username', 'text').execute();
}
