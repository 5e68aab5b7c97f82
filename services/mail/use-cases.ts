import type { EventStore } from '../eventstore/store.js';
import { decideDeliver, decideQueue } from './decide.js';
import { evolveMail, initialMail, mailStream, type MailQueued } from './events.js';
import type { MailTransport } from './transport.js';

export async function queueMail(store: EventStore, mail: Omit<MailQueued['data'], 'queued_at'>, now: Date) {
  const { state, version } = await store.aggregate(mailStream(mail.mail_id), initialMail, evolveMail);
  await store.append(mailStream(mail.mail_id), version, decideQueue(state, mail, now));
}

/** Sends (SMTP) or keeps (outbox) the mail, then records the delivery once. */
export async function deliverMail(store: EventStore, transport: MailTransport, mailId: string, now: () => Date) {
  const { state, version } = await store.aggregate(mailStream(mailId), initialMail, evolveMail);
  if (state.status === 'delivered') return;
  if (state.mail) await transport.send({ to: state.mail.to, subject: state.mail.subject, text: state.mail.text });
  await store.append(mailStream(mailId), version, decideDeliver(state, transport.via, now()));
}
