import { preparedBuilt, type Db } from '../db/database.js';
import type { ActorUser } from '../shared/actor.js';

/** The seeds' Session user: the Actor's user (services/shared/actor.ts). */
export type SessionUser = ActorUser;

/** The organisation a user belongs to (the first joined; an Enterprise user has one), or null. */
export async function orgOf(db: Db, userId: string | null) {
  if (!userId) return null;
  // Prepared: every answer asks it, and planning it cost more than running it.
  const m = await preparedBuilt(db.selectFrom('member').select('organizationId').where('userId', '=', userId).orderBy('createdAt').limit(1)).executeTakeFirst();
  return m?.organizationId ?? null;
}

/** The seeds' Session user: the account read model plus the user's first organisation. */
export async function findSessionUser(
  db: Db,
  user: { id: string; name: string; email: string; emailVerified: boolean; username?: string | null; image?: string | null },
): Promise<SessionUser> {
  const [account, org] = await Promise.all([
    db.selectFrom('accounts').select(['subscription_status']).where('user_id', '=', user.id).executeTakeFirst(),
    orgOf(db, user.id),
  ]);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    email_verified: user.emailVerified,
    org_uuid: org,
    subscription_status: (account?.subscription_status ?? 'none') as SessionUser['subscription_status'],
    username: user.username ?? null,
    image: user.image ?? null,
  };
}

export async function findVisitorClaim(db: Db, visitorId: string) {
  return db.selectFrom('visitor_claims').selectAll().where('visitor_id', '=', visitorId).executeTakeFirst();
}

/** Whether an account (Better Auth's user, emails kept in lower case) has this email. */
export async function emailTaken(db: Db, email: string) {
  return !!(await db.selectFrom('user').select('id').where('email', '=', email.toLowerCase()).executeTakeFirst());
}

/** Whether another account than `userId` has this username. */
export async function usernameTaken(db: Db, username: string, userId: string) {
  return !!(await db.selectFrom('user').select('id').where('username', '=', username).where('id', '<>', userId).executeTakeFirst());
}

/** Whether an organisation (Better Auth's table) has this slug. */
export async function slugTaken(db: Db, slug: string) {
  return !!(await db.selectFrom('organization').select('id').where('slug', '=', slug).executeTakeFirst());
}
