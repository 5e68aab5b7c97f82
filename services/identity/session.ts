// Who a request's Better Auth session belongs to, as the parts of an Actor, and the rule that a
// call needs someone signed in.
import { fromNodeHeaders } from 'better-auth/node';
import type { Actor, ActorSource, ActorUser, Plan, RequestHeaders } from '../shared/actor.js';
import type { ByIdSource } from '../shared/actor-without-request.js';
import type { Db } from '../db/database.js';
import type { Auth } from './auth.js';
import { identityErrors } from './errors.js';
import { findSessionUser, orgOf, type SessionUserDeps } from './queries.js';
import type { SessionIds } from './session-ids.js';
import { isAdministrator } from './administrators.js';
import { claimedVisitorIds, personOf, visitorClaimOf } from './people.js';

const headersOf = (headers: RequestHeaders) => fromNodeHeaders(headers as Parameters<typeof fromNodeHeaders>[0]);

/**
 * The edge's way to the session: the user id, and the whole user when asked, are remembered for
 * a few seconds per cookie (session-ids.ts), until a change to either forgets them.
 */
export function sessionActors(deps: {
  auth: Auth;
  db: Db;
  sessions: SessionIds;
  planOf: (user: ActorUser) => Plan;
  adminEmails: readonly string[];
  subscriptionOf: SessionUserDeps['subscriptionOf'];
  governmentEmailDomains: readonly string[];
}): ActorSource {
  const userDeps: SessionUserDeps = {
    db: deps.db,
    subscriptionOf: deps.subscriptionOf,
    config: { billing: { government: { emailDomains: deps.governmentEmailDomains } } },
  };
  return {
    userIdOf: (headers) =>
      deps.sessions.userIdOf(
        typeof headers.cookie === 'string' ? headers.cookie : '',
        async () => (await deps.auth.api.getSession({ headers: headersOf(headers) }))?.user.id ?? null,
      ),
    userOf: (headers) =>
      deps.sessions.userOf(typeof headers.cookie === 'string' ? headers.cookie : '', async () => {
        const session = await deps.auth.api.getSession({ headers: headersOf(headers) });
        if (!session) return null;
        const user = await findSessionUser(userDeps, session.user);
        return isAdministrator(user, deps.adminEmails) ? { ...user, is_admin: true } : user;
      }),
    planOf: deps.planOf,
    ...actorLookups(deps.db),
  };
}

/**
 * The person `userId` as a session would give them (no session needed), or null when there is no
 * such account: for calls made with their credentials other than a session (an API key).
 */
export function usersById(deps: {
  db: Db;
  subscriptionOf: SessionUserDeps['subscriptionOf'];
  adminEmails: readonly string[];
  governmentEmailDomains: readonly string[];
}) {
  const userDeps: SessionUserDeps = {
    db: deps.db,
    subscriptionOf: deps.subscriptionOf,
    config: { billing: { government: { emailDomains: deps.governmentEmailDomains } } },
  };
  return async (userId: string): Promise<ActorUser | null> => {
    const person = await personOf(deps.db, userId);
    if (!person) return null;
    const user = await findSessionUser(userDeps, {
      id: person.id,
      name: person.name,
      email: person.email,
      emailVerified: person.email_verified,
      username: person.username,
    });
    return isAdministrator(user, deps.adminEmails) ? { ...user, is_admin: true } : user;
  };
}

/** What an Actor looks up by id: the organisation and the visitor claims (actorFor's source too). */
export function actorLookups(db: Db): ByIdSource {
  return {
    orgOf: (userId) => orgOf(db, userId),
    claimedVisitorIdsOf: (userId) => claimedVisitorIds(db, userId),
    visitorClaimedAt: async (visitorId) => {
      const claim = await visitorClaimOf(db, visitorId);
      return claim ? new Date(claim.claimed_at).toISOString() : null;
    },
  };
}

/** The request's headers as Better Auth reads them. */
export const authHeaders = headersOf;

export async function requireUser(actor: Actor) {
  const user = await actor.user();
  if (!user) throw identityErrors.unauthenticated();
  return user;
}
