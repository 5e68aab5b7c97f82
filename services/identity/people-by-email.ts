// Many people by address at once, for the lists that show who an address belongs to (a Space's
// pending invitations): one read for the list, not one per address.
import type { Db } from '../db/database.js';
import type { Person } from './people.js';
import { own } from './tables.js';

/** The people with these addresses, by address; the addresses as stored (identity keeps them in lower case). */
export async function peopleByEmail(db: Db, emails: readonly string[]): Promise<Map<string, Person>> {
  const wanted = [...new Set(emails)];
  if (!wanted.length) return new Map();
  const rows = await own(db)
    .selectFrom('user')
    .select(['id', 'name', 'email', 'emailVerified as email_verified', 'username'])
    .where('email', 'in', wanted)
    .execute();
  return new Map(rows.map((p) => [p.email, p]));
}
