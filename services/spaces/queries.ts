// Reading Spaces: one by slug, key or uuid; a person's list; members; and the Collection view.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Selectable } from 'kysely';
import type { SpacesTable } from './tables.js';
import { ACCESS_LEVEL, type AccessLevel } from './access-levels.js';
import { uuidFromSlugOrKey } from './key.js';
import { own } from './tables.js';
import { crossRead } from '../db/cross-read.js';

export type SpaceRow = Selectable<SpacesTable> & { owner_name: string };

const spaceWithOwner = (db: Db) =>
  crossRead(db).selectFrom('spaces').innerJoin('user', 'user.id', 'spaces.owner_user_id').selectAll('spaces').select('user.name as owner_name');

export async function findSpace(db: Db, slugKeyOrUuid: string): Promise<SpaceRow | null> {
  const uuid = uuidFromSlugOrKey(slugKeyOrUuid);
  if (!uuid) return null;
  return (await spaceWithOwner(db).where('spaces.uuid', '=', uuid).executeTakeFirst()) ?? null;
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
 * page of 1,000); the owner's name is joined last, to the page only.
 */
export function userSpacesQuery(user: { id: string; email: string | null }, limit: number, offset: number) {
  const upTo = offset + limit;
  return sql<SpaceRow & { level: number }>`
    select x.*, u.name as owner_name from (
      (select s.*, 4 as level from spaces s where s.owner_user_id = ${user.id} order by s.updated_at desc, s.uuid limit ${upTo})
      union all
      (select s.*, m.level from space_members m join spaces s on s.uuid = m.space_uuid where ${ownMemberRow(user, 'm')} order by s.updated_at desc, s.uuid limit ${upTo})
    ) x
    join "user" u on u.id = x.owner_user_id
    order by x.updated_at desc, x.uuid
    limit ${limit} offset ${offset}`;
}

export async function listUserSpaces(db: Db, user: { id: string; email: string | null }, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    userSpacesQuery(user, limit, offset).execute(db),
    sql<{
      n: string;
    }>`select (select count(*) from spaces where owner_user_id = ${user.id}) + (select count(*) from space_members where ${ownMemberRow(user)}) as n`.execute(
      db,
    ),
  ]);
  return { rows: rows.rows, total: Number(total.rows[0].n) };
}

export async function listMembers(db: Db, spaceUuid: string) {
  return (
    crossRead(db)
      .selectFrom('space_members')
      // An accepted member is their account; a pending invitation shows the account that has verified
      // its address, never one that merely registered it.
      .leftJoin('user', (join) =>
        join.on((eb) =>
          eb.or([
            eb('user.id', '=', eb.ref('space_members.user_id')),
            eb.and([eb('space_members.user_id', 'is', null), eb('user.email', '=', eb.ref('space_members.email')), eb('user.emailVerified', '=', true)]),
          ]),
        ),
      )
      .select(['space_members.member_id', 'space_members.email', 'user.id as user_id', 'user.name', 'space_members.level', 'space_members.invited_at'])
      .where('space_uuid', '=', spaceUuid)
      .orderBy('space_members.invited_at')
      .orderBy('space_members.member_id')
      .execute()
  );
}

export function collectionView(row: SpaceRow, level: AccessLevel) {
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
    owner: { id: row.owner_user_id, name: row.owner_name },
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
