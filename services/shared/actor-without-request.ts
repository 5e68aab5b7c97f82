// Actors without a request: a workflow, a background job or a test acting for someone builds one
// of these, so its use cases take the same Actor as a request's (services/shared/actor.ts).
import { type Actor, type ActorFacts, type ActorSource, type ActorUser, createActor, type Plan } from './actor.js';

/** What an Actor known by id looks up (everything but the session). */
export type ByIdSource = Pick<ActorSource, 'orgOf' | 'claimedVisitorIdsOf' | 'visitorClaimedAt'> & Partial<Pick<ActorSource, 'planOf'>>;

/**
 * The Actor of a workflow, a background job or a test acting for someone known by id, without a
 * request: its user id is given, the rest looked up by `source` as a request's would be. Its
 * user() is `user` when given; a job that needs the whole user and has none is a bug, so it throws.
 */
export function actorFor(who: { userId: string | null; visitorId?: string; user?: ActorUser | null }, source: ByIdSource): Actor {
  return createActor(
    { requestId: '', visitorId: who.visitorId ?? '', headers: {} },
    {
      planOf: () => 'free',
      ...source,
      userIdOf: async () => who.userId,
      userOf: async () => {
        if (who.user !== undefined || !who.userId) return who.user ?? null;
        throw new Error('actorFor: this actor was made without its user');
      },
    },
  );
}

/**
 * An Actor whose facts are known already (a workflow acting for someone it recorded, a test):
 * nothing is looked up. Its organisation and plan come from `user`; asked without one for a
 * signed-in actor, they are a bug, so they throw.
 */
export function actorOfFacts(facts: ActorFacts, user: ActorUser | null = null): Actor {
  const visitorId = facts.visitor_id ?? facts.visitor_ids[0] ?? '';
  const resolved: ActorFacts = { claimed_at: null, ...facts, visitor_id: visitorId };
  const fromUser = async <T>(part: (u: ActorUser) => T, anonymous: T) => {
    if (user) return part(user);
    if (!facts.user_id) return anonymous;
    throw new Error('actorOfFacts: this actor was made without its user');
  };
  return {
    requestId: '',
    visitorId,
    userId: async () => facts.user_id,
    user: () => fromUser((u) => u, null),
    org: () => fromUser((u) => u.org_uuid, null),
    plan: () => fromUser((u) => u.subscription_plan, 'free' as Plan),
    visitorIds: async () => facts.visitor_ids,
    claimedAt: async () => resolved.claimed_at ?? null,
    facts: async () => resolved,
  };
}
