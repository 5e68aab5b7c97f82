import type { Kysely } from 'kysely';

// The accounts read model follows AccountUsernameChanged (Better Auth's user row keeps it unique)
// and AccountAvatarChanged (the picture's storage key).
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('accounts').addColumn('username', 'text').addColumn('avatar_key', 'text').execute();
}
