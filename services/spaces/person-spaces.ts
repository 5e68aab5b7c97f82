// A person's Spaces as their data rights see them (services/rights): what their export holds, and
// what deleting their account hands over, removes or leaves.
import type { Db } from '../db/database.js';
import { peopleOf } from '../identity/index.js';
import { ACCESS_LEVEL } from './access-levels.js';
import { own } from './tables.js';

/** The uuids of the Spaces the person owns. */
export async function spaceUuidsOwnedBy(db: Db, userId: string): Promise<string[]> {
  return (await own(db).selectFrom('spaces').select('uuid').where('owner_user_id', '=', userId).execute()).map((s) => s.uuid);
}

/** The Spaces with a member row of the person's, by their user id or one of their addresses, each once. */
export async function spacesJoinedBy(db: Db, userId: string, emails: readonly string[]): Promise<string[]> {
  let q = own(db).selectFrom('space_members').select('space_uuid').distinct();
  q = emails.length ? q.where((eb) => eb.or([eb('user_id', '=', userId), eb('email', 'in', emails)])) : q.where('user_id', '=', userId);
  return (await q.execute()).map((r) => r.space_uuid);
}

/** The Spaces a person owns, oldest first, each with the members who joined it and can read it (who it could be handed to). */
export async function ownedSpacesWithHeirs(db: Db, userId: string) {
  const spaces = await own(db).selectFrom('spaces').select(['uuid', 'title', 'emoji']).where('owner_user_id', '=', userId).orderBy('created_at').execute();
  if (!spaces.length) return [];
  const members = await own(db)
    .selectFrom('space_members')
    .select(['space_uuid', 'member_id', 'email', 'level', 'user_id'])
    .where(
      'space_uuid',
      'in',
      spaces.map((s) => s.uuid),
    )
    .where('user_id', 'is not', null)
    .where('level', '>=', ACCESS_LEVEL.READER)
    .where('level', '<', ACCESS_LEVEL.INVITED_READER)
    .execute();
  const people = await peopleOf(
    db,
    members.map((m) => m.user_id!),
  );
  const heirs = members.map(({ user_id, ...m }) => ({ ...m, name: people.get(user_id!)?.name ?? null }));
  return spaces.map((s) => ({ ...s, heirs: heirs.filter((m) => m.space_uuid === s.uuid) }));
}

/** The export's Spaces: the ones the person owns, oldest first, and every one they have a member row in, with its level. */
export async function spacesForExport(db: Db, userId: string) {
  const owned = await own(db)
    .selectFrom('spaces')
    .select(['uuid', 'title', 'description', 'instructions', 'emoji', 'access', 'links', 'created_at'])
    .where('owner_user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  const memberOf = await own(db)
    .selectFrom('space_members')
    .innerJoin('spaces', 'spaces.uuid', 'space_members.space_uuid')
    .select(['spaces.uuid', 'spaces.title', 'space_members.level'])
    .where('space_members.user_id', '=', userId)
    .execute();
  return { owned, member_of: memberOf };
}
