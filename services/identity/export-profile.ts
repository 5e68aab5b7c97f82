// The profile in a person's data export (services/rights/export-archive.ts): Better Auth's user
// as it is now, and the account's read model for when it registered (or for both, once the user is gone).
import type { Db } from '../db/database.js';
import { personOf } from './people.js';
import { own } from './tables.js';

export async function profileForExport(db: Db, userId: string) {
  const account = await own(db).selectFrom('accounts').select(['name', 'email', 'registered_at']).where('user_id', '=', userId).executeTakeFirst();
  const user = await personOf(db, userId);
  return {
    name: user?.name ?? account?.name ?? null,
    email: user?.email ?? account?.email ?? null,
    email_verified: user?.email_verified ?? false,
    registered_at: account?.registered_at ?? null,
  };
}
