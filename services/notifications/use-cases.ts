// The notifications' use cases: read the stream, decide, append with the expected version (the
// projection writes the read model in the same transaction). Delivery by mail and Web Push is
// not done here: a consumer of NotificationSent starts a durable workflow for it
// (workflows/notification-delivery.ts), so a request or a source's consumer never waits on it.
import { randomUUID } from 'node:crypto';
import { changeStream } from '../eventstore/change.js';
import type { EventStore } from '../eventstore/store.js';
import { ConcurrencyError, type NewEvent, type Trx } from '../eventstore/types.js';
import {
  checkedSubscription,
  decideDrop,
  decidePreferences,
  decideRead,
  decideReadAll,
  decideSend,
  decideSubscribe,
  decideUnsubscribe,
  type NotifyInput,
} from './decide.js';
import { subscriptionIdFor, subscriptionIdOf } from './subscription-id.js';
import {
  evolveNotification,
  evolvePersonNotify,
  initialNotification,
  initialPersonNotify,
  type NotificationPreferences,
  type NotificationSent,
  notificationStream,
  notifyStream,
  type PersonNotifyState,
} from './events.js';
import { holdersOf, preferencesOf, unreadCount } from './queries.js';
import type { ActingUser, Actor } from '../shared/actor.js';
import { notificationErrors } from './errors.js';

export type NotifyDeps = { store: EventStore; now: () => Date };

/** Decides against the person's notify stream as its events say, and appends what it decided (again on a race). */
export function changePerson<E extends NewEvent>(store: EventStore, userId: string, decide: (state: PersonNotifyState) => E[], trx?: Trx) {
  return changeStream(store, { stream: notifyStream(userId), initial: initialPersonNotify, evolve: evolvePersonNotify }, decide, { trx });
}

export type NotifyRequest = NotifyInput & {
  /** Derived from the source (e.g. `space-invitation-<member>`) so a retried source notifies once; random when absent. */
  notificationId?: string;
  /** The source mails already (a Space invitation): no second mail. */
  mailedBySource?: boolean;
};

/**
 * Notifies a person on the channels they keep on: records the in-app notification, and the mail
 * and Web Push that the delivery workflow then sends. Returns what was recorded, or null when
 * nothing was (every channel off, or this id was sent already). Pass the caller's transaction to
 * notify together with its own change (a consumer's checkpoint).
 */
export async function notify(deps: NotifyDeps, input: NotifyRequest, trx?: Trx): Promise<NotificationSent['data'] | null> {
  const notificationId = input.notificationId ?? randomUUID();
  // The person's preferences from their read model (one row, kept in the same transactions as
  // their stream, which grows with every subscription and mark-all-read).
  const preferences = await preferencesOf(trx ?? deps.store.db, input.userId);
  // A notification is its stream's first event: not read first, the append expects no stream.
  const events = decideSend(initialNotification, preferences, { ...input, notificationId, now: deps.now() });
  if (!events.length) return null;
  try {
    await deps.store.append(notificationStream(notificationId), 'no_stream', events, trx);
  } catch (err) {
    // The same id sent already (a source's event seen again, or another instance at the same moment): it is sent once.
    if (err instanceof ConcurrencyError) return null;
    throw err;
  }
  return events[0].data;
}

/** Who acts, for the person's own changes below: a visitor is asked to sign in. */
async function actingUser(deps: NotifyDeps, actor: Actor): Promise<ActingUser> {
  const userId = await actor.userId();
  if (!userId) throw notificationErrors.unauthenticated();
  return { userId, now: deps.now() };
}

export async function setPreferences(deps: NotifyDeps, actor: Actor, preferences: NotificationPreferences) {
  const who = await actingUser(deps, actor);
  return changePerson(deps.store, who.userId, (s) => decidePreferences(s, { ...who, preferences }));
}

export async function markRead(deps: NotifyDeps, actor: Actor, notificationId: string) {
  const { userId } = await actingUser(deps, actor);
  const stream = notificationStream(notificationId);
  const { state, version } = await deps.store.aggregate(stream, initialNotification, evolveNotification);
  const events = decideRead(state, { userId, now: deps.now(), notificationId });
  if (events.length) await deps.store.append(stream, version, events).catch((err) => (err instanceof ConcurrencyError ? undefined : Promise.reject(err)));
}

export async function markAllRead(deps: NotifyDeps, actor: Actor) {
  const { userId } = await actingUser(deps, actor);
  const unread = await unreadCount(deps.store.db, userId);
  await changePerson(deps.store, userId, () => decideReadAll({ userId, now: deps.now(), unread }));
}

/**
 * A browser subscribes for this person. Were it subscribed for someone else before (a shared
 * browser, signed in as another person since), it stops notifying them.
 */
export async function subscribe(deps: NotifyDeps, actor: Actor, sub: { endpoint: string; p256dh: string; auth: string }) {
  const { userId } = await actingUser(deps, actor);
  const id = subscriptionIdOf(checkedSubscription(sub).endpoint);
  // Read before the append: the projection hands the row over to this person.
  const before = await holdersOf(deps.store.db, id);
  for (const other of before)
    if (other !== userId) await changePerson(deps.store, other, (s) => decideDrop(s, { userId: other, now: deps.now(), subscriptionId: id, reason: 'moved' }));
  await changePerson(deps.store, userId, (s) => decideSubscribe(s, { userId, now: deps.now(), subscriptionId: id, ...sub }));
  return id;
}

export async function unsubscribe(deps: NotifyDeps, actor: Actor, endpoint: string) {
  const who = await actingUser(deps, actor);
  return changePerson(deps.store, who.userId, (s) => decideUnsubscribe(s, { ...who, subscriptionId: subscriptionIdFor(endpoint) }));
}

/** The push service answered 404 or 410: the subscription is gone for good. */
export const dropExpired = (deps: NotifyDeps, userId: string, subscriptionId: string) =>
  changePerson(deps.store, userId, (s) => decideDrop(s, { userId, now: deps.now(), subscriptionId, reason: 'expired' }));
