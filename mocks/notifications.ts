// The person's notifications in the mock API: preferences through the server's rules
// (services/notifications/decide.ts), the centre's rows as the server's projection writes them,
// and push subscriptions kept by endpoint. The demo account starts with two notifications, one
// read, so the bell shows a count with no backend; the live stream says the count once and
// stays open (the mocks' own changes refresh the centre through the client's queries). Other
// mocks notify through `sendMockNotification`, with the server's notices (services/notifications/sources.ts).
import { HttpResponse, http } from 'msw';
import {
  getGetNotificationPreferencesMockHandler,
  getGetPushPublicKeyMockHandler,
  getListNotificationsMockHandler,
  getMarkAllNotificationsReadMockHandler,
  getMarkNotificationReadMockHandler,
  getSubscribePushMockHandler,
  getUnsubscribePushMockHandler,
  getUpdateNotificationPreferencesMockHandler,
} from '../generated/msw/notifications/notifications.msw';
import type { Notification, NotificationPreferences, PushSubscriptionRequest, PushUnsubscribeRequest } from '../generated/react-query/model';
import {
  checkedSubscription,
  decidePreferences,
  decideSend,
  NOTIFICATION_PAGE_SIZE,
  notificationErrors,
  type NotifyRequest,
} from '../services/notifications/pure';
import { DEFAULT_PREFERENCES, initialNotification, initialPersonNotify } from '../services/notifications/events';
import { refuse, ruled } from './problem';
import { currentUser, DEMO_ACCOUNT, type MockNotifications, type ScenarioState } from './scenarios';

/** A VAPID public key's shape (65 bytes, base64url); the mocks push nothing. */
const MOCK_PUBLIC_KEY = `B${'A'.repeat(86)}`;

function starting(userId: string): MockNotifications {
  const notifications: Notification[] =
    userId === DEMO_ACCOUNT.id
      ? [
          {
            id: 'mock-space-invitation',
            kind: 'space_invitation',
            title: 'Grace Hopper invited you to the Space "Compilers"',
            body: 'Open the Space to accept the invitation.',
            url: '/spaces',
            created_at: '2026-01-02T09:00:00.000Z',
            read_at: null,
          },
          {
            id: 'mock-access-request',
            kind: 'access_request',
            title: 'Alan Turing asked to read "Difference engines"',
            body: 'Grant or decline the request from the thread’s share menu or your library.',
            url: '/library',
            created_at: '2026-01-01T09:00:00.000Z',
            read_at: '2026-01-01T10:00:00.000Z',
          },
        ]
      : [];
  return { preferences: { ...DEFAULT_PREFERENCES }, notifications, endpoints: [] };
}

const notificationsOf = (state: ScenarioState, userId: string) => ((state.notifications ??= {})[userId] ??= starting(userId));

/**
 * Notifies a person as the server does (decideSend): on the channels they keep on, once per id;
 * the centre shows it when they keep in-app notifications on.
 */
export function sendMockNotification(state: ScenarioState, request: NotifyRequest & { notificationId: string }, now = new Date()) {
  const n = notificationsOf(state, request.userId);
  if (n.notifications.some((x) => x.id === request.notificationId)) return;
  for (const { data } of decideSend(initialNotification, n.preferences, { ...request, now }))
    if (data.in_app)
      n.notifications.unshift({
        id: data.notification_id,
        kind: data.kind,
        title: data.title,
        body: data.body,
        url: data.url,
        created_at: data.sent_at,
        read_at: null,
      });
}

export function notificationHandlers(opts: { state: () => ScenarioState; changed: () => void }) {
  const signedIn = () => {
    const user = currentUser(opts.state());
    if (!user) refuse(notificationErrors.unauthenticated());
    return user;
  };
  const mine = () => notificationsOf(opts.state(), signedIn().id);
  const unread = (n: MockNotifications) => n.notifications.filter((x) => x.read_at === null).length;

  return [
    getListNotificationsMockHandler(({ request }) => {
      const n = mine();
      const p = new URL(request.url).searchParams;
      const offset = Number(p.get('offset') ?? 0);
      const limit = Number(p.get('limit') ?? NOTIFICATION_PAGE_SIZE);
      return { notifications: n.notifications.slice(offset, offset + limit), unread_count: unread(n) };
    }),
    getGetNotificationPreferencesMockHandler(() => mine().preferences),
    getUpdateNotificationPreferencesMockHandler(async ({ request }) => {
      const n = mine();
      const preferences = (await request.json()) as NotificationPreferences;
      const events = ruled(() =>
        decidePreferences({ ...initialPersonNotify, preferences: n.preferences }, { userId: signedIn().id, now: new Date(), preferences }),
      );
      if (events.length) {
        n.preferences = { ...preferences };
        opts.changed();
      }
      return n.preferences;
    }),
    getMarkNotificationReadMockHandler(({ params }) => {
      const found = mine().notifications.find((x) => x.id === params.notificationId);
      if (!found) refuse(notificationErrors.notFound());
      found.read_at ??= new Date().toISOString();
      opts.changed();
    }),
    getMarkAllNotificationsReadMockHandler(() => {
      const at = new Date().toISOString();
      for (const x of mine().notifications) x.read_at ??= at;
      opts.changed();
    }),
    getGetPushPublicKeyMockHandler(() => {
      signedIn();
      return { public_key: MOCK_PUBLIC_KEY };
    }),
    getSubscribePushMockHandler(async ({ request }) => {
      const n = mine();
      const body = (await request.json()) as PushSubscriptionRequest;
      const { endpoint } = ruled(() => checkedSubscription({ endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth }));
      if (!n.endpoints.includes(endpoint)) n.endpoints.push(endpoint);
      opts.changed();
      return { subscription_id: `mock-${n.endpoints.indexOf(endpoint)}` };
    }),
    getUnsubscribePushMockHandler(async ({ request }) => {
      const n = mine();
      const { endpoint } = (await request.json()) as PushUnsubscribeRequest;
      if (!n.endpoints.includes(endpoint)) refuse(notificationErrors.subscriptionNotFound());
      n.endpoints = n.endpoints.filter((e) => e !== endpoint);
      opts.changed();
    }),
    http.get('*/rest/notifications/stream', () => {
      const n = mine();
      const first = `id: 0\nevent: unread\ndata: ${JSON.stringify({ unread_count: unread(n), newest_id: n.notifications[0]?.id ?? null })}\n\n`;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(first));
        },
      });
      return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' } });
    }),
  ];
}
