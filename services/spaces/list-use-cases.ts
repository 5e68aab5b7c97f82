// Reading Spaces as a person: the Spaces they own or belong to (a page of them), and the members
// of one they can see. Each takes the one Actor; nothing here knows HTTP.
import type { Db } from '../db/database.js';
import type { Actor } from '../shared/actor.js';
import { actorOf, requireActor, visibleSpace } from './access.js';
import { memberList } from './member-list.js';
import { collectionView, listUserSpaces } from './queries.js';

/** A visitor has no Spaces: an empty page, not a refusal. */
export async function spacesOf(db: Db, actor: Actor, page: { limit: number; offset: number }) {
  const facts = await actorOf(actor);
  if (!facts) return { collections: [], total: 0 };
  const { rows, total } = await listUserSpaces(db, { id: facts.user_id, email: facts.email }, page.limit, page.offset);
  return { collections: rows.map((r) => collectionView(r, r.level as never, r.owner_name)), total };
}

export async function membersOfSpace(db: Db, actor: Actor, key: string) {
  const { space } = await visibleSpace(db, key, await requireActor(actor));
  return { members: await memberList(db, space) };
}
