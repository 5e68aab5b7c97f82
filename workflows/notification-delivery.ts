// Delivering a notification off the request path, from the log (so a notification recorded just
// before a crash is still delivered, once). Without an SMTP server the mail goes to the outbox
// in the consumer's own transaction, with its checkpoint: nothing can fail there that a retry
// would mend. Mail to an SMTP server, and Web Push to a person with a browser subscribed, go
// through a durable workflow (its id the notification's) that delivers the mail once by its id
// and posts the push to each browser as a retried step; a push service answering 404 or 410
// drops that subscription. A task's run notifies its owner: with 10,000 runs due at once, a
// workflow per notification was about a fifth of the database's statements.
import { DBOS } from '@dbos-inc/dbos-sdk';
import type { Background, BackgroundKernel } from '../services/shared/background.js';
import type { Db } from '../services/db/database.js';
import { startConsumer } from '../services/eventstore/consumers.js';
import type { EventLogSignals } from '../services/eventstore/signals.js';
import type { EventStore } from '../services/eventstore/store.js';
import type { Trx } from '../services/eventstore/types.js';
import { peopleOf, personOf } from '../services/identity/index.js';
import { deliverMail, keepInOutbox, type MailCursor, type MailTransport, queueMailForDelivery } from '../services/mail/index.js';
import {
  dropExpired,
  type NotificationSent,
  notificationMail,
  type PushSender,
  pushSubscriptionsOf,
  withPushSubscriptions,
} from '../services/notifications/index.js';

export type NotificationDeliveryDeps = {
  store: EventStore;
  db: Db;
  transport: MailTransport;
  push: PushSender;
  publicUrl: string;
  onPushFailed?: (err: unknown) => void;
};

/** Tries at delivering the mail, a second apart and doubling, as its step was. */
const DELIVERY_ATTEMPTS = 5;

export const notificationDeliveryId = (notificationId: string) => `notification-delivery-${notificationId}`;
const mailIdOf = (n: NotificationSent['data']) => `notification-${n.notification_id}`;

export function registerNotificationDelivery(deps: NotificationDeliveryDeps) {
  const now = () => new Date();
  return DBOS.registerWorkflow(
    async (n: NotificationSent['data']) => {
      const result = { mailed: false, pushed: 0, dropped: 0 };
      if (n.email) result.mailed = await mailed(deps, n, now);
      if (n.push) {
        // Read first outside a step: a person with no browser subscribed (most) costs no record.
        const subscribed = await pushSubscriptionsOf(deps.db, n.user_id);
        // Recorded, so a delivery started over pushes to the browsers it began with, in order.
        const targets = subscribed.length ? await DBOS.runStep(async () => subscribed, { name: 'subscriptions' }) : [];
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

/**
 * The mail, queued and delivered with no step recorded: both are once by the mail's id (queued
 * again, nothing; delivered, never again), so a delivery started over after a crash carries on.
 * A task's run notifies its owner, and three recorded steps were about a third of the database
 * round trips of 10,000 runs due at once. Delivery is tried a few times (SMTP may be briefly away).
 */
async function mailed(deps: NotificationDeliveryDeps, n: NotificationSent['data'], now: () => Date) {
  const mailId = mailIdOf(n);
  const user = await personOf(deps.db, n.user_id);
  // The account was deleted before the mail went out: nobody to write to.
  if (!user) return false;
  let queued: MailCursor | undefined = await queueMailForDelivery(
    deps.store,
    { mail_id: mailId, user_id: n.user_id, to: user.email, ...notificationMail(n, deps.publicUrl) },
    now(),
  );
  for (let attempt = 1; ; attempt++) {
    try {
      await deliverMail(deps.store, deps.transport, mailId, now, queued);
      return true;
    } catch (err) {
      if (attempt >= DELIVERY_ATTEMPTS) throw err;
      queued = undefined; // read again: it may have moved on (delivered elsewhere, discarded)
      await new Promise((r) => setTimeout(r, 1000 * 2 ** (attempt - 1)));
    }
  }
}

export function startNotificationDeliveryConsumer(
  deps: Pick<NotificationDeliveryDeps, 'store' | 'transport' | 'publicUrl'>,
  workflow: ReturnType<typeof registerNotificationDelivery>,
  opts: { onError: (err: unknown) => void; pollMs?: number; signals: EventLogSignals },
) {
  const toOutbox = deps.transport.via === 'outbox';
  return startConsumer(
    deps.store,
    'notification-delivery',
    async (trx, events) => {
      const sent = events.filter((e) => e.type === 'NotificationSent').map((e) => e.data as NotificationSent['data']);
      if (!sent.length) return;
      const [pushable, addresses] = await Promise.all([
        withPushSubscriptions(
          trx,
          sent.filter((n) => n.push).map((n) => n.user_id),
        ),
        toOutbox
          ? emailsOf(
              trx,
              sent.filter((n) => n.email).map((n) => n.user_id),
            )
          : new Map<string, string>(),
      ]);
      for (const n of sent) {
        // An account deleted before its mail went out: nobody to write to.
        const to = toOutbox && n.email ? addresses.get(n.user_id) : undefined;
        if (to) await keepInOutbox(deps.store, { mail_id: mailIdOf(n), user_id: n.user_id, to, ...notificationMail(n, deps.publicUrl) }, new Date(), trx);
        const rest = { ...n, email: n.email && !toOutbox, push: n.push && pushable.has(n.user_id) };
        if (rest.email || rest.push) await DBOS.startWorkflow(workflow, { workflowID: notificationDeliveryId(n.notification_id) })(rest);
      }
    },
    { pollMs: opts.pollMs ?? 200, onError: opts.onError, types: ['NotificationSent'], signals: opts.signals },
  );
}

async function emailsOf(trx: Trx, userIds: string[]) {
  const people = await peopleOf(trx, userIds);
  return new Map([...people.values()].map((p) => [p.id, p.email]));
}

/** The notifications' delivery in the background (services/shared/background.ts): the workflow and its consumer. */
export const notificationDeliveryBackground: Background<BackgroundKernel & { transport: MailTransport; push: PushSender }> = {
  register: ({ store, db, transport, push, config, signals, logger }) => {
    const workflow = registerNotificationDelivery({
      store,
      db,
      transport,
      push,
      publicUrl: config.publicUrl,
      onPushFailed: (err) => logger.warn({ err }, 'a push notification could not be delivered'),
    });
    return () =>
      startNotificationDeliveryConsumer({ store, transport, publicUrl: config.publicUrl }, workflow, {
        signals,
        onError: (err) => logger.error({ err }, 'notification delivery consumer failed; retrying'),
      });
  },
};
