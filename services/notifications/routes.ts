// The person's notifications over HTTP (spec/paths/notifications.yaml). Every call is about the
// caller's own: a notification id is looked up under the caller only, so another person's
// answers 404 `notification_not_found` as an id that does not exist; a visitor is asked to sign in.
import { type DomainRoutes, sse } from '../http/handler.js';
import { signedInOr } from '../http/signed-in.js';
import type { KernelContext } from '../shared/context.js';
import type { NotificationsContext } from './context.js';
import { notificationErrors } from './errors.js';
import { NOTIFICATION_PAGE_SIZE } from './limits.js';
import { streamCentre } from './live.js';
import { listNotifications, preferencesOf } from './queries.js';
import { markAllRead, markRead, setPreferences, subscribe, unsubscribe } from './use-cases.js';
import { notificationView } from './views.js';
import { isPushServiceEndpoint } from './web-push.js';

type Ctx = KernelContext & NotificationsContext;

const signedIn = signedInOr(notificationErrors.unauthenticated);

export const notificationRoutes = {
  async listNotifications({ actor, query }, ctx) {
    const userId = await signedIn(actor);
    const { rows, unread } = await listNotifications(ctx.db, userId, { limit: query.limit ?? NOTIFICATION_PAGE_SIZE, offset: query.offset ?? 0 });
    return { status: 200, body: { notifications: rows.map(notificationView), unread_count: unread } };
  },

  async getNotificationPreferences({ actor }, ctx) {
    return { status: 200, body: await preferencesOf(ctx.db, await signedIn(actor)) };
  },

  async updateNotificationPreferences({ actor, body }, ctx) {
    await setPreferences(ctx, actor, body);
    return { status: 200, body: await preferencesOf(ctx.db, await signedIn(actor)) };
  },

  async markNotificationRead({ actor, path }, ctx) {
    await markRead(ctx, actor, path.notification_id);
    return { status: 204 };
  },

  async markAllNotificationsRead({ actor }, ctx) {
    await markAllRead(ctx, actor);
    return { status: 204 };
  },

  async streamNotifications({ actor }, ctx) {
    const userId = await signedIn(actor);
    return sse((stream) => streamCentre(ctx.db, ctx.notifications.centreSignals, stream, userId));
  },

  async getPushPublicKey({ actor }, ctx) {
    await signedIn(actor);
    return { status: 200, body: { public_key: ctx.notifications.pushPublicKey } };
  },

  async subscribePush({ actor, body }, ctx) {
    await signedIn(actor);
    if (!isPushServiceEndpoint(body.endpoint, ctx.notifications.pushAllowPrivateHosts))
      throw notificationErrors.invalidSubscription('the endpoint is not an https address of a push service');
    const id = await subscribe(ctx, actor, { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth });
    return { status: 201, body: { subscription_id: id } };
  },

  async unsubscribePush({ actor, body }, ctx) {
    await unsubscribe(ctx, actor, body.endpoint);
    return { status: 204 };
  },
} satisfies DomainRoutes<Ctx>;
