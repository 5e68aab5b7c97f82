// A Space's members as the API lists them: the owner first, then members and invitations as
// made. Who each is (name, account) is identity's, asked once for the whole list.
import type { SpaceMember } from '../../generated/sdk/types.gen.js';
import type { Db } from '../db/database.js';
import { peopleByEmail, peopleOf } from '../identity/index.js';
import { ACCESS_LEVEL, type AccessLevel } from './access-levels.js';
import { spaceErrors } from './errors.js';
import type { SpaceRow } from './queries.js';
import { own } from './tables.js';

/** The owner (member_id: the Space's uuid), then the member rows in the order they were made. */
export async function memberList(db: Db, space: Pick<SpaceRow, 'uuid' | 'created_at' | 'owner_user_id'>): Promise<SpaceMember[]> {
  const rows = await own(db)
    .selectFrom('space_members')
    .select(['member_id', 'email', 'user_id', 'level', 'invited_at'])
    .where('space_uuid', '=', space.uuid)
    .orderBy('invited_at')
    .orderBy('member_id')
    .execute();
  const [accounts, addresses] = await Promise.all([
    peopleOf(db, [space.owner_user_id, ...rows.flatMap((m) => (m.user_id ? [m.user_id] : []))]),
    peopleByEmail(
      db,
      rows.flatMap((m) => (m.user_id ? [] : [m.email])),
    ),
  ]);
  const owner = accounts.get(space.owner_user_id);
  if (!owner) throw spaceErrors.notFound();
  return [
    {
      member_id: space.uuid,
      email: owner.email,
      user_id: owner.id,
      name: owner.name,
      access: ACCESS_LEVEL.OWNER,
      invited_at: new Date(space.created_at).toISOString(),
    },
    ...rows.map((m) => {
      // An accepted member is their account; a pending invitation shows the account that has
      // verified its address, never one that merely registered it.
      const byAddress = addresses.get(m.email);
      const person = m.user_id ? accounts.get(m.user_id) : byAddress?.email_verified ? byAddress : undefined;
      return {
        member_id: m.member_id,
        email: m.email,
        user_id: person?.id ?? null,
        name: person?.name ?? null,
        access: m.level as AccessLevel,
        invited_at: new Date(m.invited_at).toISOString(),
      };
    }),
  ];
}
