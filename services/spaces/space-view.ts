// A Space as a caller sees it, and a Space with its owner's facts for the rules that need them.
import type { KernelContext } from '../shared/context.js';
import { personOf } from '../identity/index.js';
import { actorOf, notFound, ownerFacts, visibleSpace } from './access.js';
import type { Actor, SignedInFacts } from '../shared/actor.js';
import type { SpaceFields } from './events.js';
import { collectionView } from './queries.js';

/** The fields of a create or edit body that were sent. */
export const fieldsOf = (b: Partial<SpaceFields>): Partial<SpaceFields> => {
  const { title, description, instructions, emoji, enable_web_by_default } = b;
  return Object.fromEntries(Object.entries({ title, description, instructions, emoji, enable_web_by_default }).filter(([, v]) => v !== undefined));
};

/** The Space as the actor sees it now (read models are written with the append), with its owner's name. */
export async function respondWithSpace(ctx: KernelContext, key: string, actor: Actor) {
  const { space, level } = await visibleSpace(ctx.db, key, await actorOf(actor));
  const owner = await personOf(ctx.db, space.owner_user_id);
  // The owner's account is gone only once its deletion has settled its Spaces: none to show.
  if (!owner) throw notFound();
  return collectionView(space, level, owner.name);
}

export async function spaceFor(ctx: KernelContext, uuid: string, actor: SignedInFacts) {
  const view = await visibleSpace(ctx.db, uuid, actor);
  return { ...view, owner: await ownerFacts(ctx.db, view.space.owner_user_id) };
}
