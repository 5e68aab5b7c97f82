// Mails about an account (verification and password reset links): identity hands them over
// already written; they are queued in the outbox, then delivered by a workflow started from the
// log for every such MailQueued, so a mail queued just before a crash still goes out, once.
import { DBOS } from '@dbos-inc/dbos-sdk';
import type { Background, BackgroundKernel } from '../services/shared/background.js';
import { startConsumer } from '../services/eventstore/consumers.js';
import type { EventLogSignals } from '../services/eventstore/signals.js';
import type { EventStore } from '../services/eventstore/store.js';
import type { AccountMail } from '../services/identity/index.js';
import type { MailQueued } from '../services/mail/events.js';
import { deliverMail, type MailTransport, queueMail } from '../services/mail/index.js';

const ACCOUNT_MAIL = /^account-/;

export function registerAccountMailDelivery(deps: { store: EventStore; transport: MailTransport }) {
  return DBOS.registerWorkflow(
    async (mailId: string) => {
      await DBOS.runStep(() => deliverMail(deps.store, deps.transport, mailId, () => new Date()), { name: 'deliver', retriesAllowed: true, maxAttempts: 5 });
      return mailId;
    },
    { name: 'accountMail' },
  );
}

/** Queues an account mail; the consumer below delivers it. */
export const queueAccountMail = (store: EventStore) => (mail: AccountMail) => queueMail(store, mail, new Date());

export function startAccountMailConsumer(
  store: EventStore,
  delivery: ReturnType<typeof registerAccountMailDelivery>,
  opts: { onError: (err: unknown) => void; signals: EventLogSignals },
) {
  return startConsumer(
    store,
    'account-mail',
    async (_trx, events) => {
      for (const event of events) {
        if (event.type !== 'MailQueued') continue;
        const { mail_id } = event.data as MailQueued['data'];
        if (ACCOUNT_MAIL.test(mail_id)) await DBOS.startWorkflow(delivery, { workflowID: mail_id })(mail_id);
      }
    },
    { pollMs: 200, onError: opts.onError, types: ['MailQueued'], signals: opts.signals },
  );
}

/** The account mails' delivery in the background (services/shared/background.ts): the workflow and its consumer. */
export const accountMailBackground: Background<BackgroundKernel & { transport: MailTransport }> = {
  register: ({ store, transport, signals, logger }) => {
    const delivery = registerAccountMailDelivery({ store, transport });
    return () => startAccountMailConsumer(store, delivery, { signals, onError: (err) => logger.error({ err }, 'account mail consumer failed; retrying') });
  },
};
