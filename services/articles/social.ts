// An article's social_info (seed 003 §3) from its own tables: likes and views counted, whether the
// reader likes it, and forks counted by the threads domain (a thread copied from this one).
import type { Db } from '../db/database.js';
import { forkCountOf } from '../threads/index.js';
import { own } from './tables.js';

export type SocialInfo = { fork_count: number; like_count: number; view_count: number; user_likes: boolean };

export async function socialInfoOf(db: Db, contextUuid: string, userId: string | null): Promise<SocialInfo> {
  const count = (n: string | number | bigint) => Number(n);
  const [likes, views, mine, forks] = await Promise.all([
    own(db)
      .selectFrom('article_likes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('context_uuid', '=', contextUuid)
      .executeTakeFirstOrThrow(),
    own(db)
      .selectFrom('article_views')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('context_uuid', '=', contextUuid)
      .executeTakeFirstOrThrow(),
    userId
      ? own(db).selectFrom('article_likes').select('user_id').where('context_uuid', '=', contextUuid).where('user_id', '=', userId).executeTakeFirst()
      : undefined,
    forkCountOf(db, contextUuid),
  ]);
  return { fork_count: forks, like_count: count(likes.n), view_count: count(views.n), user_likes: !!mine };
}
