// Delivering a notification off the request path: for every NotificationSent with mail or push,
// a durable workflow (its id the notification's) queues and delivers the mail and posts the Web
// Push to each of the person's browsers, each step retried; a push service answering 404 or 410
// drops that subscription. Started from the log, so a notification recorded just before a crash
// is still delivered, once.
import { DBOS } from '@dbos-inc/dbos-sdk';
import type { Db } from '../services/db/database.js';
import { startConsumer } from '../services/eventstore/consumers.js';
import type { EventStore } from '../services/eventstore/store.js';
import type { MailTransport } from '../services/mail/transport.js';
import { deliverMail, queueMail } from '../services/mail/use-cases.js';
import { dropExpired, type NotificationSent, notificationMail, type PushSender, pushSubscriptionsOf } from '../services/notifications/index.js';

export type NotificationDeliveryDeps = {
  store: EventStore;
  db: Db;
  transport: MailTransport;
  push: PushSender;
  publicUrl: string;
  onPushFailed?: (err: unknown) => void;
};

export const notificationDeliveryId = (notificationId: string) => `notification-delivery-${notificationId}`;

export function registerNotificationDelivery(deps: NotificationDeliveryDeps) {
  const now = () => new Date();
  return DBOS.registerWorkflow(
    async (n: NotificationSent['data']) => {
      const result = { mailed: false, pushed: 0, dropped: 0 };
      if (n.email) {
        const mailId = `notification-${n.notification_id}`;
        result.mailed = await DBOS.runStep(
          async () => {
            const user = await deps.db.selectFrom('user').select('email').where('id', '=', n.user_id).executeTakeFirst();
            // The account was deleted before the mail went out: nobody to write to.
            if (!user) return false;
            await queueMail(deps.store, { mail_id: mailId, user_id: n.user_id, to: user.email, ...notificationMail(n, deps.publicUrl) }, now());
            return true;
          },
          { name: 'queue-mail' },
        );
        if (result.mailed)
          await DBOS.runStep(() => deliverMail(deps.store, deps.transport, mailId, now), { name: 'deliver-mail', retriesAllowed: true, maxAttempts: 5 });
      }
      if (n.push) {
        const targets = await DBOS.runStep(() => pushSubscriptionsOf(deps.db, n.user_id), { name: 'subscriptions' });
        const payload = { notification_id: n.notification_id, kind: n.kind, title: n.title, body: n.body, url: n.url };
        for (const t of targets) {
          try {
            const outcome = await DBOS.runStep(() => deps.push(t, payload), {
              name: `push-${t.subscription_id}`,
              retriesAllowed: true,
              maxAttempts: 5,
              intervalSeconds: 1,
              backoffRate: 2,
            });
            if (outcome === 'sent') result.pushed++;
            else if (outcome === 'gone') {
              await DBOS.runStep(() => dropExpired({ store: deps.store, now }, n.user_id, t.subscription_id), { name: `drop-${t.subscription_id}` });
              result.dropped++;
            }
          } catch (err) {
            // One browser's push service down for good does not keep the others from theirs.
            deps.onPushFailed?.(err);
          }
        }
      }
      return result;
    },
    { name: 'notificationDelivery' },
  );
}

export function startNotificationDeliveryConsumer(
  store: EventStore,
  workflow: ReturnType<typeof registerNotificationDelivery>,
  opts: { onError: (err: unknown) => void; pollMs?: number },
) {
  return startConsumer(
    store,
    'notification-delivery',
    async (_trx, events) => {
      for (const event of events) {
        if (event.type !== 'NotificationSent') continue;
        const n = event.data as NotificationSent['data'];
        if (n.email || n.push) await DBOS.startWorkflow(workflow, { workflowID: notificationDeliveryId(n.notification_id) })(n);
      }
    },
    { pollMs: opts.pollMs ?? 200, onError: opts.onError, types: ['NotificationSent'] },
  );
}
