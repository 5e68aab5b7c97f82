// After sign-up: queue a welcome mail, wait, then deliver it. The wait is durable, so a
// restart in between still delivers the mail, once.
import { DBOS } from '@dbos-inc/dbos-sdk';
import type { Background, BackgroundKernel } from '../services/shared/background.js';
import { startConsumer } from '../services/eventstore/consumers.js';
import type { EventLogSignals } from '../services/eventstore/signals.js';
import type { EventStore } from '../services/eventstore/store.js';
import type { AccountRegistered } from '../services/identity/events.js';
import { deliverMail, type MailTransport, queueMail, welcomeMail } from '../services/mail/index.js';

export type WelcomeMailInput = { userId: string; email: string; name: string; delayMs: number; publicUrl: string };

export function registerWelcomeMail(deps: { store: EventStore; transport: MailTransport }) {
  return DBOS.registerWorkflow(
    async (input: WelcomeMailInput) => {
      const mailId = `welcome-${input.userId}`;
      await DBOS.runStep(() => queueMail(deps.store, { mail_id: mailId, user_id: input.userId, to: input.email, ...welcomeMail(input) }, new Date()), {
        name: 'queue',
      });
      if (input.delayMs > 0) await DBOS.sleep(input.delayMs);
      await DBOS.runStep(() => deliverMail(deps.store, deps.transport, mailId, () => new Date()), { name: 'deliver', retriesAllowed: true, maxAttempts: 5 });
      return mailId;
    },
    { name: 'welcomeMail' },
  );
}

export const welcomeMailWorkflowId = (userId: string) => `welcome-mail-${userId}`;

/**
 * Starts the welcome mail for every AccountRegistered event, from the log: an account whose
 * process stopped right after sign-up still gets its mail. The workflow id makes a repeat a no-op.
 */
export function startWelcomeMailConsumer(
  store: EventStore,
  welcomeMail: ReturnType<typeof registerWelcomeMail>,
  opts: { delayMs: number; publicUrl: string; onError: (err: unknown) => void; signals: EventLogSignals },
) {
  return startConsumer(
    store,
    'welcome-mail',
    async (_trx, events) => {
      for (const event of events) {
        if (event.type !== 'AccountRegistered') continue;
        const d = event.data as AccountRegistered['data'];
        const input = { userId: d.user_id, email: d.email, name: d.name, delayMs: opts.delayMs, publicUrl: opts.publicUrl };
        await DBOS.startWorkflow(welcomeMail, { workflowID: welcomeMailWorkflowId(d.user_id) })(input);
      }
    },
    { pollMs: 200, onError: opts.onError, types: ['AccountRegistered'], signals: opts.signals },
  );
}

/** The welcome mails in the background (services/shared/background.ts): the workflow and its consumer. */
export const welcomeMailBackground: Background<BackgroundKernel & { transport: MailTransport }> = {
  register: ({ store, transport, signals, config, logger }) => {
    const workflow = registerWelcomeMail({ store, transport });
    return () =>
      startWelcomeMailConsumer(store, workflow, {
        signals,
        delayMs: config.welcomeMailDelayMs,
        publicUrl: config.publicUrl,
        onError: (err) => logger.error({ err }, 'welcome mail consumer failed; retrying'),
      });
  },
};
