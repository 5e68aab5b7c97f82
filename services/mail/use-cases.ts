import { mentions } from '../eventstore/erasure.js';
import type { EventStore } from '../eventstore/store.js';
import { ConcurrencyError, type Trx } from '../eventstore/types.js';
import { decideDeliver, decideDiscard, decideKeepInOutbox, decideQueue } from './decide.js';
import { evolveMail, initialMail, mailStream, type MailQueued, type MailState } from './events.js';
import type { MailTransport } from './transport.js';
import { own } from './tables.js';

/** A mail's state at a version, as last read or written here. */
export type MailCursor = { state: MailState; version: number };

/** Queues the mail once (again, nothing); in the caller's transaction when given one (its change and the mail commit together). */
export async function queueMail(store: EventStore, mail: Omit<MailQueued['data'], 'queued_at'>, now: Date, trx?: Trx) {
  await queueMailForDelivery(store, mail, now, trx);
}

/** Like queueMail; returns the mail's state after, so its delivery here need not read it again. */
export async function queueMailForDelivery(store: EventStore, mail: Omit<MailQueued['data'], 'queued_at'>, now: Date, trx?: Trx): Promise<MailCursor> {
  const { state, version } = await store.aggregate(mailStream(mail.mail_id), initialMail, evolveMail, trx);
  const events = decideQueue(state, mail, now);
  if (!events.length) return { state, version };
  const appended = await store.append(mailStream(mail.mail_id), version, events, trx);
  return { state: appended.events.reduce(evolveMail, state), version: appended.nextVersion };
}

/**
 * Keeps a new mail in the outbox (no SMTP server: the outbox is where it goes), queued and
 * delivered in one append in the caller's transaction. Once by its id: a mail id used already
 * keeps nothing. Returns whether it was kept now.
 */
export async function keepInOutbox(store: EventStore, mail: Omit<MailQueued['data'], 'queued_at'>, now: Date, trx: Trx) {
  try {
    await store.append(mailStream(mail.mail_id), 'no_stream', decideKeepInOutbox(initialMail, mail, now), trx);
    return true;
  } catch (err) {
    if (err instanceof ConcurrencyError) return false;
    throw err;
  }
}

/**
 * Sends (SMTP) or keeps (outbox) the mail, then records the delivery once. `known`: the mail as
 * just queued here, instead of reading it again (the append's expected version still guards it).
 */
export async function deliverMail(store: EventStore, transport: MailTransport, mailId: string, now: () => Date, known?: MailCursor) {
  const { state, version } = known ?? (await store.aggregate(mailStream(mailId), initialMail, evolveMail));
  if (state.status === 'delivered' || state.status === 'discarded') return;
  if (state.mail) await transport.send({ to: state.mail.to, subject: state.mail.subject, text: state.mail.text });
  await store.append(mailStream(mailId), version, decideDeliver(state, transport.via, now()));
}

/**
 * Takes every mail to or about an account out of the outbox (its deletion): by user id, by any of
 * its addresses, or naming it (an invitation it sent names its sender).
 */
export async function discardMailOf(store: EventStore, who: { userId: string; emails: readonly string[]; names: readonly string[] }, now: Date) {
  const needles = [...who.emails, ...who.names].filter(Boolean).map((s) => `%${s.replace(/[\\%_]/g, '\\$&')}%`);
  const candidates = await own(store.db)
    .selectFrom('mail_outbox')
    .select(['id', 'user_id', 'to', 'subject', 'text'])
    .where((eb) =>
      eb.or([
        eb('user_id', '=', who.userId),
        ...(who.emails.length ? [eb(eb.fn('lower', ['to']), 'in', who.emails)] : []),
        ...needles.flatMap((n) => [eb('subject', 'ilike', n), eb('text', 'ilike', n)]),
      ]),
    )
    .execute();
  const rows = candidates.filter((m) => m.user_id === who.userId || who.emails.includes(m.to.toLowerCase()) || mentions([m.subject, m.text], who));
  for (const { id } of rows) {
    const { state, version } = await store.aggregate(mailStream(id), initialMail, evolveMail);
    await store.append(mailStream(id), version, decideDiscard(state, now));
  }
  return rows.length;
}
