// An invitation to a Space: queue a mail to the invited address with a link to the Space, then
// deliver it. Started from the log for every SpaceMemberInvited event, so an invitation made
// just before a crash still gets its mail, once (the workflow id is the member's).
import { DBOS } from '@dbos-inc/dbos-sdk';
import type { Background, BackgroundKernel } from '../services/shared/background.js';
import type { Db } from '../services/db/database.js';
import { startConsumer } from '../services/eventstore/consumers.js';
import type { EventLogSignals } from '../services/eventstore/signals.js';
import type { EventStore } from '../services/eventstore/store.js';
import { deliverMail, type MailTransport, queueMail, spaceInviteMail } from '../services/mail/index.js';
import { personByEmail, personOf } from '../services/identity/index.js';
import { roleOf, spaceNameOf } from '../services/spaces/index.js';
import type { SpaceMemberInvited } from '../services/spaces/events.js';

type InviteInput = SpaceMemberInvited['data'] & { publicUrl: string };

export function registerSpaceInviteMail(deps: { store: EventStore; transport: MailTransport; db: Db }) {
  return DBOS.registerWorkflow(
    async (input: InviteInput) => {
      const mailId = `space-invite-${input.member_id}`;
      const queued = await DBOS.runStep(
        async () => {
          const [space, inviter, invitee] = await Promise.all([
            spaceNameOf(deps.db, input.uuid),
            personOf(deps.db, input.invited_by),
            // An account with this email reads the mail in its outbox too (the address is in lower case, as identity keeps them).
            personByEmail(deps.db, input.email),
          ]);
          // Deleted (or the invitation withdrawn) before the mail went out: nothing to say.
          if (!space) return false;
          const mail = spaceInviteMail({
            inviter: inviter?.name ?? 'Someone',
            title: space.title,
            url: `${input.publicUrl}/spaces/${space.slug}`,
            role: roleOf(input.level) ?? 'READER',
          });
          await queueMail(deps.store, { mail_id: mailId, user_id: invitee?.id ?? null, to: input.email, ...mail }, new Date());
          return true;
        },
        { name: 'queue' },
      );
      if (queued)
        await DBOS.runStep(() => deliverMail(deps.store, deps.transport, mailId, () => new Date()), { name: 'deliver', retriesAllowed: true, maxAttempts: 5 });
      return queued;
    },
    { name: 'spaceInviteMail' },
  );
}

export function startSpaceInviteMailConsumer(
  store: EventStore,
  workflow: ReturnType<typeof registerSpaceInviteMail>,
  opts: { publicUrl: string; onError: (err: unknown) => void; signals: EventLogSignals },
) {
  return startConsumer(
    store,
    'space-invite-mail',
    async (_trx, events) => {
      for (const event of events) {
        if (event.type !== 'SpaceMemberInvited') continue;
        const d = event.data as SpaceMemberInvited['data'];
        await DBOS.startWorkflow(workflow, { workflowID: `space-invite-mail-${d.member_id}` })({ ...d, publicUrl: opts.publicUrl });
      }
    },
    { pollMs: 200, onError: opts.onError, types: ['SpaceMemberInvited'], signals: opts.signals },
  );
}

/** The Space invitations' mail in the background (services/shared/background.ts): the workflow and its consumer. */
export const spaceInviteMailBackground: Background<BackgroundKernel & { transport: MailTransport }> = {
  register: ({ store, transport, db, signals, config, logger }) => {
    const workflow = registerSpaceInviteMail({ store, transport, db });
    return () =>
      startSpaceInviteMailConsumer(store, workflow, {
        signals,
        publicUrl: config.publicUrl,
        onError: (err) => logger.error({ err }, 'Space invitation mail consumer failed; retrying'),
      });
  },
};
