// The person's notification preferences, push subscriptions (where, not the keys) and
// notifications in their data export (services/app/export-parts.ts).
import type { Db } from '../db/database.js';
import { listNotifications, preferencesOf, pushSubscriptionsOf } from './queries.js';
import { notificationView } from './views.js';

export async function notificationsExport(db: Db, userId: string) {
  const [preferences, subscriptions, list] = await Promise.all([
    preferencesOf(db, userId),
    pushSubscriptionsOf(db, userId),
    listNotifications(db, userId, { limit: 100_000, offset: 0 }),
  ]);
  return {
    preferences,
    push_subscriptions: subscriptions.map((s) => ({ endpoint: s.endpoint })),
    notifications: list.rows.map(notificationView),
  };
}
