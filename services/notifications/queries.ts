// Reads of a person's notifications, preferences and push subscriptions. Every read names the
// person: another person's notification is never found.
import { type Db, preparedBuilt } from '../db/database.js';
import type { Trx } from '../eventstore/types.js';
import { DEFAULT_PREFERENCES, type NotificationPreferences } from './events.js';
import { own } from './tables.js';

export async function preferencesOf(db: Db | Trx, userId: string): Promise<NotificationPreferences> {
  const row = await preparedBuilt(
    own(db).selectFrom('notification_preferences').select(['should_send_email', 'should_send_in_app', 'should_send_push']).where('user_id', '=', userId),
  ).executeTakeFirst();
  return row ?? DEFAULT_PREFERENCES;
}

export type NotificationRow = {
  id: string;
  kind: string;
  title: string;
  body: string;
  url: string;
  created_at: Date | string;
  read_at: Date | string | null;
};

/** A page of the person's in-app notifications, newest first, with how many are unread in all. */
export async function listNotifications(db: Db | Trx, userId: string, opts: { limit: number; offset: number }) {
  const [rows, unread] = await Promise.all([
    own(db)
      .selectFrom('notifications')
      .select(['id', 'kind', 'title', 'body', 'url', 'created_at', 'read_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(opts.limit)
      .offset(opts.offset)
      .execute(),
    unreadCount(db, userId),
  ]);
  return { rows: rows as NotificationRow[], unread };
}

export async function unreadCount(db: Db | Trx, userId: string) {
  const row = await own(db)
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What the live stream compares between two looks: how many are unread and the newest one. */
export async function centreMark(db: Db | Trx, userId: string) {
  const [unread, newest] = await Promise.all([
    unreadCount(db, userId),
    own(db)
      .selectFrom('notifications')
      .select(['id'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { unread_count: unread, newest_id: newest?.id ?? null };
}

export async function pushSubscriptionsOf(db: Db | Trx, userId: string) {
  return own(db)
    .selectFrom('push_subscriptions')
    .select(['subscription_id', 'endpoint', 'p256dh', 'auth'])
    .where('user_id', '=', userId)
    .orderBy('subscribed_at')
    .execute();
}

/** Which of these people have a browser subscribed to Web Push (most have none). */
export async function withPushSubscriptions(db: Db | Trx, userIds: readonly string[]) {
  if (!userIds.length) return new Set<string>();
  const rows = await own(db)
    .selectFrom('push_subscriptions')
    .select('user_id')
    .distinct()
    .where('user_id', 'in', [...new Set(userIds)])
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/** Who else holds this browser's subscription (it signed in as another person since). */
export async function holdersOf(db: Db | Trx, subscriptionId: string) {
  return (await own(db).selectFrom('push_subscriptions').select('user_id').where('subscription_id', '=', subscriptionId).execute()).map((r) => r.user_id);
}
