// Notifications as events. Each person has one stream (`notify-<user>`): their channel
// preferences, the browsers subscribed to Web Push, and "mark all read". Each notification has
// its own stream (`notification-<id>`): sent (with the channels chosen when it was sent), read.
import type { StoredEvent } from '../eventstore/types.js';

/** What a notification is about; the sources that notify (issue 18). */
export const NOTIFICATION_KINDS = ['task_run', 'task_failed', 'price_alert', 'access_request', 'space_invitation', 'connector_sync'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export type NotificationPreferences = { should_send_email: boolean; should_send_in_app: boolean; should_send_push: boolean };
/** Seed 003: "Notification preferences default: should_send_email, should_send_in_app and should_send_push all true." */
export const DEFAULT_PREFERENCES: NotificationPreferences = { should_send_email: true, should_send_in_app: true, should_send_push: true };

export type NotificationPreferencesChanged = {
  type: 'NotificationPreferencesChanged';
  data: { user_id: string } & NotificationPreferences & { changed_at: string };
};
/** A browser's PushSubscription: where to post (`endpoint`) and the keys to encrypt for it (RFC 8291). */
export type PushSubscribed = {
  type: 'PushSubscribed';
  data: { user_id: string; subscription_id: string; endpoint: string; p256dh: string; auth: string; subscribed_at: string };
};
/**
 * `unsubscribed`: by the person; `expired`: the push service answered 404 or 410; `moved`: the
 * same browser subscribed for another person; `replaced`: the oldest, past the most a person keeps.
 */
export type PushUnsubscribeReason = 'unsubscribed' | 'expired' | 'moved' | 'replaced';
export type PushUnsubscribed = {
  type: 'PushUnsubscribed';
  data: { user_id: string; subscription_id: string; reason: PushUnsubscribeReason; unsubscribed_at: string };
};
export type AllNotificationsRead = { type: 'AllNotificationsRead'; data: { user_id: string; read_at: string } };

export type NotificationSent = {
  type: 'NotificationSent';
  data: {
    notification_id: string;
    user_id: string;
    kind: NotificationKind;
    title: string;
    body: string;
    /** A path of this app, opened from the centre, the mail and the push notification. */
    url: string;
    /** Who caused it (who invited, who asked), when a person did: their account's deletion takes it away (docs/data-rights.md). */
    actor_user_id?: string | null;
    /** The channels chosen when it was sent: the person's preferences, less email when the source mails already. */
    in_app: boolean;
    email: boolean;
    push: boolean;
    sent_at: string;
  };
};
export type NotificationRead = { type: 'NotificationRead'; data: { notification_id: string; user_id: string; read_at: string } };

export type PersonNotifyEvent = NotificationPreferencesChanged | PushSubscribed | PushUnsubscribed | AllNotificationsRead;
export type NotificationEvent = NotificationSent | NotificationRead;

export const NOTIFY_EVENTS = [
  'NotificationPreferencesChanged',
  'PushSubscribed',
  'PushUnsubscribed',
  'AllNotificationsRead',
  'NotificationSent',
  'NotificationRead',
] as const satisfies readonly (PersonNotifyEvent | NotificationEvent)['type'][];

export const notifyStream = (userId: string) => `notify-${userId}`;
export const notificationStream = (notificationId: string) => `notification-${notificationId}`;

export type PushSubscriptionState = { endpoint: string; subscribed_at: string };
export type PersonNotifyState = {
  preferences: NotificationPreferences;
  /** By subscription id, oldest first. */
  subscriptions: Readonly<Record<string, PushSubscriptionState>>;
};
export const initialPersonNotify: PersonNotifyState = { preferences: DEFAULT_PREFERENCES, subscriptions: {} };

export function evolvePersonNotify(state: PersonNotifyState, event: StoredEvent | PersonNotifyEvent): PersonNotifyState {
  const e = event as PersonNotifyEvent;
  switch (e.type) {
    case 'NotificationPreferencesChanged': {
      const { should_send_email, should_send_in_app, should_send_push } = e.data;
      return { ...state, preferences: { should_send_email, should_send_in_app, should_send_push } };
    }
    case 'PushSubscribed':
      return {
        ...state,
        subscriptions: { ...state.subscriptions, [e.data.subscription_id]: { endpoint: e.data.endpoint, subscribed_at: e.data.subscribed_at } },
      };
    case 'PushUnsubscribed': {
      const { [e.data.subscription_id]: _gone, ...subscriptions } = state.subscriptions;
      return { ...state, subscriptions };
    }
    default:
      return state;
  }
}

export type NotificationState = { user_id: string | null; in_app: boolean; read: boolean };
export const initialNotification: NotificationState = { user_id: null, in_app: false, read: false };

export function evolveNotification(state: NotificationState, event: StoredEvent | NotificationEvent): NotificationState {
  const e = event as NotificationEvent;
  if (e.type === 'NotificationSent') return { user_id: e.data.user_id, in_app: e.data.in_app, read: false };
  if (e.type === 'NotificationRead') return { ...state, read: true };
  return state;
}
