import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { decider, refused } from '../../tests/support/decider.js';
import { decidePreferences, decideRead, decideReadAll, decideSend, decideSubscribe, decideUnsubscribe } from './decide.js';
import { subscriptionIdOf } from './subscription-id.js';
import { DEFAULT_PREFERENCES, evolveNotification, evolvePersonNotify, initialNotification, initialPersonNotify } from './events.js';
import { PUSH_SUBSCRIPTIONS_MAX } from './limits.js';

const now = new Date('2026-03-01T10:00:00Z');
const who = { userId: 'ada', now };
const keys = () => ({ p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') });
const person = decider(evolvePersonNotify, initialPersonNotify, 'notify-ada');
const notification = decider(evolveNotification, initialNotification, 'notification-n1');
const notice = { userId: 'ada', kind: 'access_request' as const, title: 'Bob asked to read "Trains"', body: 'Grant or decline.', url: '/search/trains-x' };

describe('preferences', () => {
  test('all on by default; a change is recorded once', () => {
    expect(initialPersonNotify.preferences).toEqual({ should_send_email: true, should_send_in_app: true, should_send_push: true });
    const off = { ...DEFAULT_PREFERENCES, should_send_email: false };
    const changed = decidePreferences(initialPersonNotify, { ...who, preferences: off });
    expect(changed).toEqual([{ type: 'NotificationPreferencesChanged', data: { user_id: 'ada', ...off, changed_at: now.toISOString() } }]);
    person
      .given(changed)
      .when((s) => decidePreferences(s, { ...who, preferences: off }))
      .then([]);
  });
});

describe('sending', () => {
  test('on every channel the person keeps on', () => {
    const [sent] = decideSend(initialNotification, DEFAULT_PREFERENCES, { ...notice, now, notificationId: 'n1' });
    expect(sent.data).toMatchObject({ notification_id: 'n1', user_id: 'ada', in_app: true, email: true, push: true, sent_at: now.toISOString() });
  });
  test('no mail when the source mails already or email is off; nothing when every channel is off', () => {
    const bySource = decideSend(initialNotification, DEFAULT_PREFERENCES, { ...notice, now, notificationId: 'n1', mailedBySource: true });
    expect(bySource[0].data).toMatchObject({ in_app: true, email: false, push: true });
    const noEmail = decideSend(initialNotification, { ...DEFAULT_PREFERENCES, should_send_email: false }, { ...notice, now, notificationId: 'n1' });
    expect(noEmail[0].data).toMatchObject({ email: false });
    const none = { should_send_email: false, should_send_in_app: false, should_send_push: false };
    expect(decideSend(initialNotification, none, { ...notice, now, notificationId: 'n1' })).toEqual([]);
  });
  test('the same id twice is sent once', () => {
    const sent = decideSend(initialNotification, DEFAULT_PREFERENCES, { ...notice, now, notificationId: 'n1' });
    notification
      .given(sent)
      .when((s) => decideSend(s, DEFAULT_PREFERENCES, { ...notice, now, notificationId: 'n1' }))
      .then([]);
  });
  test('a link elsewhere, an unknown kind or no title is refused', () => {
    for (const url of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)', '/\\evil'])
      notification
        .given()
        .when((s) => decideSend(s, DEFAULT_PREFERENCES, { ...notice, url, now, notificationId: 'n1' }))
        .then(refused('invalid', 'invalid_notification'));
    notification
      .given()
      .when((s) => decideSend(s, DEFAULT_PREFERENCES, { ...notice, kind: 'spam' as 'task_run', now, notificationId: 'n1' }))
      .then(refused('invalid', 'invalid_notification'));
    notification
      .given()
      .when((s) => decideSend(s, DEFAULT_PREFERENCES, { ...notice, title: '  ', now, notificationId: 'n1' }))
      .then(refused('invalid', 'invalid_notification'));
  });
  test('a long title and body are cut, whitespace folded', () => {
    const [sent] = decideSend(initialNotification, DEFAULT_PREFERENCES, {
      ...notice,
      title: `A\n ${'x'.repeat(500)}`,
      body: 'y'.repeat(5000),
      now,
      notificationId: 'n1',
    });
    expect([...sent.data.title]).toHaveLength(200);
    expect(sent.data.title.startsWith('A x')).toBe(true);
    expect([...sent.data.body]).toHaveLength(1000);
  });
});

describe('reading', () => {
  const sent = decideSend(initialNotification, DEFAULT_PREFERENCES, { ...notice, now, notificationId: 'n1' });
  test('the person marks their own notification read once', () => {
    notification
      .given(sent)
      .when((s) => decideRead(s, { ...who, notificationId: 'n1' }))
      .then([{ type: 'NotificationRead', data: { notification_id: 'n1', user_id: 'ada', read_at: now.toISOString() } }]);
    notification
      .given(sent, decideRead(notification.given(sent).state, { ...who, notificationId: 'n1' }))
      .when((s) => decideRead(s, { ...who, notificationId: 'n1' }))
      .then([]);
  });
  test('another person’s, an unknown or a not-in-app notification is not found', () => {
    notification
      .given(sent)
      .when((s) => decideRead(s, { userId: 'eve', now, notificationId: 'n1' }))
      .then(refused('not_found', 'notification_not_found'));
    notification
      .given()
      .when((s) => decideRead(s, { ...who, notificationId: 'n1' }))
      .then(refused('not_found', 'notification_not_found'));
    const pushOnly = decideSend(initialNotification, { ...DEFAULT_PREFERENCES, should_send_in_app: false }, { ...notice, now, notificationId: 'n1' });
    notification
      .given(pushOnly)
      .when((s) => decideRead(s, { ...who, notificationId: 'n1' }))
      .then(refused('not_found', 'notification_not_found'));
  });
  test('read-all with nothing unread changes nothing', () => {
    expect(decideReadAll({ ...who, unread: 0 })).toEqual([]);
    expect(decideReadAll({ ...who, unread: 2 })).toEqual([{ type: 'AllNotificationsRead', data: { user_id: 'ada', read_at: now.toISOString() } }]);
  });
});

describe('push subscriptions', () => {
  const endpoint = 'https://push.example.com/send/abc';
  test('a browser subscribes, again with new keys, and unsubscribes', () => {
    const k = keys();
    const first = decideSubscribe(initialPersonNotify, { ...who, subscriptionId: subscriptionIdOf(endpoint), endpoint, ...k });
    expect(first).toEqual([
      { type: 'PushSubscribed', data: { user_id: 'ada', subscription_id: subscriptionIdOf(endpoint), endpoint, ...k, subscribed_at: now.toISOString() } },
    ]);
    const again = person.given(first).when((s) => decideSubscribe(s, { ...who, subscriptionId: subscriptionIdOf(endpoint), endpoint, ...keys() }));
    again.then([expect.objectContaining({ type: 'PushSubscribed' })]);
    person
      .given(first)
      .when((s) => decideUnsubscribe(s, { ...who, subscriptionId: subscriptionIdOf(endpoint) }))
      .then([
        {
          type: 'PushUnsubscribed',
          data: { user_id: 'ada', subscription_id: subscriptionIdOf(endpoint), reason: 'unsubscribed', unsubscribed_at: now.toISOString() },
        },
      ]);
    person
      .given()
      .when((s) => decideUnsubscribe(s, { ...who, subscriptionId: subscriptionIdOf(endpoint) }))
      .then(refused('not_found', 'push_subscription_not_found'));
  });
  test('bad endpoints and keys are refused', () => {
    const k = keys();
    for (const bad of [
      { endpoint: 'http://push.example.com/x', ...k },
      { endpoint: 'not a url', ...k },
      { endpoint: 'https://user:pw@push.example.com/x', ...k },
      { endpoint, p256dh: randomBytes(65).toString('base64url'), auth: k.auth },
      { endpoint, p256dh: k.p256dh, auth: randomBytes(8).toString('base64url') },
      { endpoint, p256dh: 'not base64!', auth: k.auth },
    ])
      person
        .given()
        .when((s) => decideSubscribe(s, { ...who, subscriptionId: 'x', ...bad }))
        .then(refused('invalid', 'invalid_push_subscription'));
  });
  test(`past ${PUSH_SUBSCRIPTIONS_MAX} browsers the oldest goes`, () => {
    let s = initialPersonNotify;
    for (let i = 0; i < PUSH_SUBSCRIPTIONS_MAX; i++)
      s = decideSubscribe(s, {
        userId: 'ada',
        now: new Date(now.getTime() + i * 1000),
        subscriptionId: subscriptionIdOf(`${endpoint}/${i}`),
        endpoint: `${endpoint}/${i}`,
        ...keys(),
      }).reduce(evolvePersonNotify, s);
    const events = decideSubscribe(s, { userId: 'ada', now: new Date(now.getTime() + 99_000), subscriptionId: 'new', endpoint: `${endpoint}/new`, ...keys() });
    expect(events.map((e) => e.type)).toEqual(['PushUnsubscribed', 'PushSubscribed']);
    expect(events[0].data).toMatchObject({ subscription_id: subscriptionIdOf(`${endpoint}/0`), reason: 'replaced' });
    expect(Object.keys(events.reduce(evolvePersonNotify, s).subscriptions)).toHaveLength(PUSH_SUBSCRIPTIONS_MAX);
  });
});
