// The tables notifications owns. Only this domain's code queries them, through `own()`: it narrows the
// handle every context carries to these tables, so a query on another domain's table does not compile.
import type { Timestamp } from '../db/columns.js';
import { ownerOf } from '../db/owned.js';

/** A person's notification channels (migration 0028); all on without a row. */
export interface NotificationPreferencesTable {
  user_id: string;
  should_send_email: boolean;
  should_send_in_app: boolean;
  should_send_push: boolean;
  updated_at: Timestamp;
}

/** The in-app notifications (migration 0028), projected by services/notifications. */
export interface NotificationsTable {
  id: string;
  user_id: string;
  /** Who caused it, when a person did; their account's deletion removes it. */
  actor_user_id: string | null;
  kind: string;
  title: string;
  body: string;
  url: string;
  created_at: Timestamp;
  read_at: Timestamp | null;
}

/** A browser subscribed to Web Push (migration 0028): where to post and its keys. */
export interface PushSubscriptionsTable {
  subscription_id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  subscribed_at: Timestamp;
}

export interface NotificationsTables {
  notification_preferences: NotificationPreferencesTable;
  notifications: NotificationsTable;
  push_subscriptions: PushSubscriptionsTable;
}

/** This domain's handle on its own tables (a transaction stays a transaction). */
export const own = ownerOf<NotificationsTables>();
