// A request's view of a Space from the read models: who is asking and what they may do there.
import type { Actor, SignedInFacts } from '../shared/actor.js';
import type { Db } from '../db/database.js';
import { orgOf, personOf } from '../identity/index.js';
import { canEditSources, isInvited, type AccessLevel, type SpaceAccess } from './access-levels.js';
import { effectiveAccess, invitationEmail, type OwnerFacts } from './decide.js';
import { spaceErrors } from './errors.js';
import { findSpace, memberLevel, type SpaceRow } from './queries.js';

export { LOGIN_REQUIRED } from './errors.js';

/** The request's signed-in user as the Spaces rules see them, or null. */
export async function actorOf(actor: Actor): Promise<SignedInFacts | null> {
  const user = await actor.user();
  return user ? spaceActor(user) : null;
}

/** A signed-in user as the Spaces rules see them: their address counts only once verified. */
export function spaceActor(user: { id: string; email: string; email_verified: boolean; org_uuid: string | null }): SignedInFacts {
  return { user_id: user.id, email: invitationEmail(user), org_uuid: user.org_uuid };
}

export async function requireActor(actor: Actor): Promise<SignedInFacts> {
  const spaceActor = await actorOf(actor);
  if (!spaceActor) throw spaceErrors.loginRequired();
  return spaceActor;
}

export async function ownerFacts(db: Db, ownerUserId: string): Promise<OwnerFacts> {
  const [owner, org] = await Promise.all([personOf(db, ownerUserId), orgOf(db, ownerUserId)]);
  return { email: (owner?.email ?? '').toLowerCase(), org_uuid: org };
}

export const notFound = spaceErrors.notFound;

export type SpaceView = { space: SpaceRow; level: AccessLevel; readable: boolean };

/** The Space and the actor's level in it; null unless they may read it or hold an invitation. */
export async function spaceView(db: Db, slugKeyOrUuid: string, actor: SignedInFacts | null): Promise<SpaceView | null> {
  const space = await findSpace(db, slugKeyOrUuid);
  if (!space) return null;
  return viewOf(db, space, await memberLevel(db, space, actor && { id: actor.user_id, email: actor.email }), actor);
}

/** The view of a Space read already, given the actor's own level in it. */
async function viewOf(db: Db, space: SpaceRow, own: AccessLevel | null, actor: SignedInFacts | null): Promise<SpaceView | null> {
  const ownerOrg = space.access === 3 && actor?.org_uuid ? await orgOf(db, space.owner_user_id) : null;
  const { level, readable } = effectiveAccess({
    ownLevel: own,
    access: space.access as SpaceAccess,
    sameOrgAsOwner: !!ownerOrg && ownerOrg === actor?.org_uuid,
  });
  return readable || (own !== null && isInvited(own)) ? { space, level, readable } : null;
}

/** spaceView, or 404 whether or not the Space exists. */
export async function visibleSpace(db: Db, slugKeyOrUuid: string, actor: SignedInFacts | null): Promise<SpaceView> {
  const view = await spaceView(db, slugKeyOrUuid, actor);
  if (!view) throw notFound();
  return view;
}

/**
 * The Space a thread is added to, as visibleSpace, when the actor may add threads there
 * (at-least-writer and not invited): 404 for a Space they cannot see, 403 for one they only
 * read. A writer's level is their own (owner or member row), so the owner's organisation is read
 * only to tell a 404 from a 403.
 */
export async function spaceToAddThreadsTo(db: Db, slugKeyOrUuid: string, actor: SignedInFacts): Promise<SpaceView> {
  const space = await findSpace(db, slugKeyOrUuid);
  if (!space) throw notFound();
  const own = await memberLevel(db, space, { id: actor.user_id, email: actor.email });
  if (own !== null && canEditSources(own)) return { space, level: own, readable: true };
  if (!(await viewOf(db, space, own, actor))) throw notFound();
  throw spaceErrors.notWriterToAddThreads();
}

/** Whether a signed-in user may read the Space (the read rule of collection-read threads). */
export async function readsSpace(db: Db, spaceUuid: string, userId: string | null) {
  return !!(await spaceReadBy(db, spaceUuid, userId));
}

/** The Space, when the signed-in user may read it; else null. */
export async function spaceReadBy(db: Db, spaceUuid: string, userId: string | null) {
  if (!userId) return null;
  const [user, org] = await Promise.all([personOf(db, userId), orgOf(db, userId)]);
  if (!user) return null;
  const view = await spaceView(db, spaceUuid, { user_id: user.id, email: invitationEmail(user), org_uuid: org });
  return view?.readable ? view.space : null;
}
