// Pure rules of notifications: the clock and ids come in with the command; each decision returns
// the events to append (none when nothing changes) or throws a notification error.
import type { ActingUser } from '../shared/actor.js';
import { notificationErrors } from './errors.js';
import {
  type AllNotificationsRead,
  DEFAULT_PREFERENCES,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
  type NotificationPreferencesChanged,
  type NotificationRead,
  type NotificationSent,
  type NotificationState,
  type PersonNotifyState,
  type PushSubscribed,
  type PushUnsubscribed,
} from './events.js';
import { NOTIFICATION_BODY_MAX, NOTIFICATION_TITLE_MAX, NOTIFICATION_URL_MAX, PUSH_ENDPOINT_MAX, PUSH_SUBSCRIPTIONS_MAX } from './limits.js';

export function decidePreferences(state: PersonNotifyState, cmd: ActingUser & { preferences: NotificationPreferences }): NotificationPreferencesChanged[] {
  const p = cmd.preferences;
  const was = state.preferences;
  if (was.should_send_email === p.should_send_email && was.should_send_in_app === p.should_send_in_app && was.should_send_push === p.should_send_push)
    return [];
  return [
    {
      type: 'NotificationPreferencesChanged',
      data: {
        user_id: cmd.userId,
        should_send_email: p.should_send_email,
        should_send_in_app: p.should_send_in_app,
        should_send_push: p.should_send_push,
        changed_at: cmd.now.toISOString(),
      },
    },
  ];
}

const bytesOf = (b64url: string) => (/^[A-Za-z0-9_-]+={0,2}$/.test(b64url) ? Buffer.from(b64url, 'base64url') : Buffer.alloc(0));

/** The endpoint must be an https address (of a push service; services/notifications/web-push.ts checks where); as the URL parser writes it. */
export function checkedEndpoint(endpoint: string) {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw notificationErrors.invalidSubscription('the endpoint is not an address');
  }
  if (url.protocol !== 'https:') throw notificationErrors.invalidSubscription('the endpoint must be an https address');
  if (endpoint.length > PUSH_ENDPOINT_MAX) throw notificationErrors.invalidSubscription('the endpoint is too long');
  if (url.username || url.password) throw notificationErrors.invalidSubscription('the endpoint may not hold credentials');
  return url.href;
}

/** The endpoint checked; the keys a P-256 public key and a 16-byte secret (RFC 8291). */
export function checkedSubscription(sub: { endpoint: string; p256dh: string; auth: string }) {
  const endpoint = checkedEndpoint(sub.endpoint);
  const key = bytesOf(sub.p256dh);
  if (key.length !== 65 || key[0] !== 4) throw notificationErrors.invalidSubscription('p256dh is not an uncompressed P-256 public key');
  if (bytesOf(sub.auth).length !== 16) throw notificationErrors.invalidSubscription('auth is not a 16-byte secret');
  return { endpoint, p256dh: sub.p256dh, auth: sub.auth };
}

/**
 * A browser subscribes (again: its keys are replaced). Past the most a person keeps, the oldest
 * subscription goes. `subscriptionId` is the endpoint's (subscription-id.ts), as checked here.
 */
export function decideSubscribe(
  state: PersonNotifyState,
  cmd: ActingUser & { subscriptionId: string; endpoint: string; p256dh: string; auth: string },
): (PushSubscribed | PushUnsubscribed)[] {
  const sub = checkedSubscription(cmd);
  const id = cmd.subscriptionId;
  const at = cmd.now.toISOString();
  const others = Object.entries(state.subscriptions).filter(([k]) => k !== id);
  const over = Math.max(0, others.length + 1 - PUSH_SUBSCRIPTIONS_MAX);
  const replaced: PushUnsubscribed[] = others
    .sort(([, a], [, b]) => a.subscribed_at.localeCompare(b.subscribed_at))
    .slice(0, over)
    .map(([k]) => ({ type: 'PushUnsubscribed', data: { user_id: cmd.userId, subscription_id: k, reason: 'replaced', unsubscribed_at: at } }));
  return [...replaced, { type: 'PushSubscribed', data: { user_id: cmd.userId, subscription_id: id, ...sub, subscribed_at: at } }];
}

/** The person unsubscribes a browser; one not subscribed is not found. */
export function decideUnsubscribe(state: PersonNotifyState, cmd: ActingUser & { subscriptionId: string }): PushUnsubscribed[] {
  const id = cmd.subscriptionId;
  if (!Object.hasOwn(state.subscriptions, id)) throw notificationErrors.subscriptionNotFound();
  return [{ type: 'PushUnsubscribed', data: { user_id: cmd.userId, subscription_id: id, reason: 'unsubscribed', unsubscribed_at: cmd.now.toISOString() } }];
}

/** The push service said the subscription is gone (404 or 410), or the browser now belongs to someone else: drop it once. */
export function decideDrop(state: PersonNotifyState, cmd: ActingUser & { subscriptionId: string; reason: 'expired' | 'moved' }): PushUnsubscribed[] {
  if (!Object.hasOwn(state.subscriptions, cmd.subscriptionId)) return [];
  return [
    {
      type: 'PushUnsubscribed',
      data: { user_id: cmd.userId, subscription_id: cmd.subscriptionId, reason: cmd.reason, unsubscribed_at: cmd.now.toISOString() },
    },
  ];
}

export function decideReadAll(cmd: ActingUser & { unread: number }): AllNotificationsRead[] {
  if (cmd.unread === 0) return [];
  return [{ type: 'AllNotificationsRead', data: { user_id: cmd.userId, read_at: cmd.now.toISOString() } }];
}

export type NotifyInput = {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path of this app ('/spaces/x'): never another site. */
  url: string;
  /** ActingUser caused it, when a person did (their name may be in the title). */
  actorUserId?: string | null;
  /** The source's own channels (a task's notificationSettings): each narrows the person's preferences. */
  channels?: NotificationPreferences;
};

const clip = (s: string, max: number) => {
  const text = s.replace(/\s+/g, ' ').trim();
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
};

/**
 * A notification to send: on the channels the person keeps on, less email when the source mails
 * already (`mailedBySource`). None when every channel is off, or when this id was sent already
 * (a retried source cannot notify twice).
 */
export function decideSend(
  state: NotificationState,
  preferences: NotificationPreferences,
  cmd: NotifyInput & { now: Date; notificationId: string; mailedBySource?: boolean },
): NotificationSent[] {
  if (state.user_id !== null) return [];
  if (!(NOTIFICATION_KINDS as readonly string[]).includes(cmd.kind)) throw notificationErrors.invalidNotification(`unknown kind ${cmd.kind}`);
  if (!cmd.url.startsWith('/') || cmd.url.startsWith('//') || cmd.url.includes('\\') || cmd.url.length > NOTIFICATION_URL_MAX)
    throw notificationErrors.invalidNotification('its link must be a path of this site');
  const title = clip(cmd.title, NOTIFICATION_TITLE_MAX);
  if (!title) throw notificationErrors.invalidNotification('it has no title');
  const allowed = cmd.channels ?? DEFAULT_PREFERENCES;
  const channels = {
    in_app: preferences.should_send_in_app && allowed.should_send_in_app,
    email: preferences.should_send_email && allowed.should_send_email && !cmd.mailedBySource,
    push: preferences.should_send_push && allowed.should_send_push,
  };
  if (!channels.in_app && !channels.email && !channels.push) return [];
  return [
    {
      type: 'NotificationSent',
      data: {
        notification_id: cmd.notificationId,
        user_id: cmd.userId,
        kind: cmd.kind,
        title,
        body: clip(cmd.body, NOTIFICATION_BODY_MAX),
        url: cmd.url,
        actor_user_id: cmd.actorUserId ?? null,
        ...channels,
        sent_at: cmd.now.toISOString(),
      },
    },
  ];
}

/** Marking read: only the person's own in-app notification; another's answers as one that does not exist. */
export function decideRead(state: NotificationState, cmd: ActingUser & { notificationId: string }): NotificationRead[] {
  if (state.user_id !== cmd.userId || !state.in_app) throw notificationErrors.notFound();
  if (state.read) return [];
  return [{ type: 'NotificationRead', data: { notification_id: cmd.notificationId, user_id: cmd.userId, read_at: cmd.now.toISOString() } }];
}
