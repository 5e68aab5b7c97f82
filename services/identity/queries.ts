import { sql } from 'kysely';
import { compiledOnce } from '../db/compiled-once.js';
import { preparedBuilt, type Db } from '../db/database.js';
import type { ActorUser, SessionSubscription } from '../shared/actor.js';
import { own } from './tables.js';

/** The organisation a user belongs to (the first joined; an Enterprise user has one), or null. */
// Prepared: every answer asks it, and planning it cost more than running it; built once (compiledOnce).
const firstMembership = compiledOnce(1, (db, userId: string) =>
  preparedBuilt(own(db).selectFrom('member').select('organizationId').where('userId', '=', userId).orderBy('createdAt').limit(sql.lit(1))),
);

export async function orgOf(db: Db, userId: string | null) {
  if (!userId) return null;
  const [m] = await firstMembership(db, userId);
  return m?.organizationId ?? null;
}

/** What building a session user reads: the database, billing's subscription port and the government domains. */
export type SessionUserDeps = {
  db: Db;
  subscriptionOf: (userId: string) => Promise<SessionSubscription>;
  config: { billing: { government: { emailDomains: readonly string[] } } };
};

/** Whether the address is at one of the configured government email domains (or a subdomain of one). */
export function isGovernmentEmail(email: string, domains: readonly string[]) {
  const host = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return domains.some((d) => host === d || host.endsWith(`.${d}`));
}

/** The seeds' Session user: the account plus the user's first organisation and their subscription (billing's read model). */
export async function findSessionUser(
  deps: SessionUserDeps,
  user: { id: string; name: string; email: string; emailVerified: boolean; username?: string | null; image?: string | null },
): Promise<ActorUser> {
  const [subscription, org] = await Promise.all([deps.subscriptionOf(user.id), orgOf(deps.db, user.id)]);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    email_verified: user.emailVerified,
    org_uuid: org,
    ...subscription,
    isGovernmentRequestOrigin: isGovernmentEmail(user.email, deps.config.billing.government.emailDomains),
    username: user.username ?? null,
    image: user.image ?? null,
  };
}

export async function findVisitorClaim(db: Db, visitorId: string) {
  return own(db).selectFrom('visitor_claims').selectAll().where('visitor_id', '=', visitorId).executeTakeFirst();
}

/** Whether an account (Better Auth's user, emails kept in lower case) has this email. */
export async function emailTaken(db: Db, email: string) {
  return !!(await own(db).selectFrom('user').select('id').where('email', '=', email.toLowerCase()).executeTakeFirst());
}

/** Whether Better Auth's user `id` exists (a sign-up's answer for a taken address names a made-up one). */
export async function userExists(db: Db, id: string) {
  return !!(await own(db).selectFrom('user').select('id').where('id', '=', id).executeTakeFirst());
}

/** The account that has this email, to mail its owner. */
export async function accountHolder(db: Db, email: string) {
  return own(db).selectFrom('user').select(['id', 'name', 'email']).where('email', '=', email.toLowerCase()).executeTakeFirst();
}

/** Whether another account than `userId` has this username. */
export async function usernameTaken(db: Db, username: string, userId: string) {
  return !!(await own(db).selectFrom('user').select('id').where('username', '=', username).where('id', '<>', userId).executeTakeFirst());
}

/** Whether an organisation (Better Auth's table) has this slug. */
export async function slugTaken(db: Db, slug: string) {
  return !!(await own(db).selectFrom('organization').select('id').where('slug', '=', slug).executeTakeFirst());
}
