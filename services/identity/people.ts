// Who people are, for the domains that name, mail or check them: one read each, by id or by
// address, of Better Auth's user table (addresses kept in lower case). Other domains never read
// identity's tables; they call these through index.ts.
import { type Db, preparedBuilt } from '../db/database.js';
import { own } from './tables.js';

export type Person = { id: string; name: string; email: string; email_verified: boolean; username: string | null };

const people = (db: Db) => own(db).selectFrom('user').select(['id', 'name', 'email', 'emailVerified as email_verified', 'username']);

/** The person with this id, or undefined (the account was deleted). */
export async function personOf(db: Db, userId: string): Promise<Person | undefined> {
  // Read on every question (connectors' reader-principals.ts): planned once per connection.
  return preparedBuilt(people(db).where('id', '=', userId)).executeTakeFirst();
}

/** The people with these ids, by id (deleted accounts are missing). */
export async function peopleOf(db: Db, userIds: readonly string[]): Promise<Map<string, Person>> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return new Map();
  const rows = await people(db).where('id', 'in', ids).execute();
  return new Map(rows.map((p) => [p.id, p]));
}

/** The person with this address (any case), or undefined. */
export async function personByEmail(db: Db, email: string): Promise<Person | undefined> {
  return people(db).where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

/** The visitor ids a person claimed (the anonymous browsers whose threads became theirs). */
export async function claimedVisitorIds(db: Db, userId: string): Promise<string[]> {
  return (await own(db).selectFrom('visitor_claims').select('visitor_id').where('user_id', '=', userId).execute()).map((r) => r.visitor_id);
}

/** Who claimed this visitor id and when, or undefined. */
export async function visitorClaimOf(db: Db, visitorId: string): Promise<{ user_id: string; claimed_at: Date } | undefined> {
  return own(db).selectFrom('visitor_claims').select(['user_id', 'claimed_at']).where('visitor_id', '=', visitorId).executeTakeFirst();
}
