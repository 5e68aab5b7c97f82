import type { Kysely } from 'kysely';

// A Space member is found by their account once they accepted (so a changed address keeps their
// Spaces), and by address only while the invitation is pending.
export async function up(db: Kysely<unknown>) {
  await db.schema.createIndex('space_members_user_idx').on('space_members').columns(['user_id', 'space_uuid']).execute();
}
