// Reading Spaces: one by slug, key or uuid; a person's list; and the Collection view. Who the
// owner is (their name) is identity's: asked through its index.ts, for the Spaces shown only.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Selectable } from 'kysely';
import { peopleOf } from '../identity/index.js';
import type { SpacesTable } from './tables.js';
import { ACCESS_LEVEL, type AccessLevel } from './access-levels.js';
import { uuidFromSlugOrKey } from './key.js';
import { own } from './tables.js';

export type SpaceRow = Selectable<SpacesTable>;

export async function findSpace(db: Db, slugKeyOrUuid: string): Promise<SpaceRow | null> {
  const uuid = uuidFromSlugOrKey(slugKeyOrUuid);
  if (!uuid) return null;
  return (await own(db).selectFrom('spaces').selectAll().where('uuid', '=', uuid).executeTakeFirst()) ?? null;
}

/** The title and slug of a Space (a mail names it and links to it), or undefined once deleted. */
export async function spaceNameOf(db: Db, uuid: string) {
  return own(db).selectFrom('spaces').select(['title', 'slug']).where('uuid', '=', uuid).executeTakeFirst();
}

/**
 * The member rows that are the user's: those they accepted (bound to their account, so a changed
 * address keeps them) and invitations still pending for their verified address (decide.ts memberFor).
 */
function ownMemberRow(user: { id: string; email: string | null }, alias = 'space_members') {
  const email = user.email?.toLowerCase() ?? null;
  const m = sql.table(alias);
  return sql<boolean>`(${m}.user_id = ${user.id} or (${m}.user_id is null and ${m}.email = ${email}))`;
}

/** The caller's own level: OWNER for their Space, their member row's level, else null. */
export async function memberLevel(
  db: Db,
  space: Pick<SpaceRow, 'uuid' | 'owner_user_id'>,
  user: { id: string; email: string | null } | null,
): Promise<AccessLevel | null> {
  if (!user) return null;
  if (space.owner_user_id === user.id) return ACCESS_LEVEL.OWNER;
  const m = await own(db)
    .selectFrom('space_members')
    .select('level')
    .where('space_uuid', '=', space.uuid)
    .where(ownMemberRow(user))
    // The accepted row (bound to the account) before an invitation pending for the address.
    .orderBy(sql`user_id is null`)
    .limit(1)
    .executeTakeFirst();
  return (m?.level as AccessLevel | undefined) ?? null;
}

/**
 * A person's Spaces, newest change first: those they own and those whose member rows are
 * theirs (ownMemberRow), with their level. Each branch is ordered and cut to offset + limit on its own, so the owner branch walks spaces_owner_updated_idx and stops
 * early instead of reading all of a person's Spaces (measured: 3.0 ms to 0.18 ms for the first
 * page of 1,000); the owners' names are asked of identity last, for the page only.
 */
export function userSpacesQuery(user: { id: string; email: string | null }, limit: number, offset: number) {
  const upTo = offset + limit;
  return sql<SpaceRow & { level: number }>`
    select x.* from (
      (select s.*, 4 as level from spaces s where s.owner_user_id = ${user.id} order by s.updated_at desc, s.uuid limit ${upTo})
      union all
      (select s.*, m.level from space_members m join spaces s on s.uuid = m.space_uuid where ${ownMemberRow(user, 'm')} order by s.updated_at desc, s.uuid limit ${upTo})
    ) x
    order by x.updated_at desc, x.uuid
    limit ${limit} offset ${offset}`;
}

/** A page of the person's Spaces with their level and their owner's name, and how many they have. */
export async function listUserSpaces(db: Db, user: { id: string; email: string | null }, limit: number, offset: number) {
  const [page, total] = await Promise.all([
    userSpacesQuery(user, limit, offset).execute(db),
    sql<{
      n: string;
    }>`select (select count(*) from spaces where owner_user_id = ${user.id}) + (select count(*) from space_members where ${ownMemberRow(user)}) as n`.execute(
      db,
    ),
  ]);
  const owners = await peopleOf(
    db,
    page.rows.map((r) => r.owner_user_id),
  );
  // A Space whose owner's account is gone is not listed (the account's deletion settles its Spaces first).
  const rows = page.rows.flatMap((r) => {
    const owner = owners.get(r.owner_user_id);
    return owner ? [{ ...r, owner_name: owner.name }] : [];
  });
  return { rows, total: Number(total.rows[0].n) };
}

export function collectionView(row: SpaceRow, level: AccessLevel, ownerName: string) {
  return {
    uuid: row.uuid,
    slug: row.slug,
    title: row.title,
    description: row.description,
    instructions: row.instructions,
    emoji: row.emoji,
    access: row.access as 1 | 2 | 3,
    enable_web_by_default: row.enable_web_by_default,
    user_permission: level,
    template_id: row.template_id,
    thread_count: row.thread_count,
    focused_web_config: { link_configs: row.links },
    owner: { id: row.owner_user_id, name: ownerName },
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
