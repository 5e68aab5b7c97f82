import { mailErrors } from './errors.js';
import type { MailDelivered, MailDiscarded, MailQueued, MailState } from './events.js';

/** Queuing the same mail id twice is a no-op, so a retried workflow step cannot queue twice. */
export function decideQueue(state: MailState, mail: Omit<MailQueued['data'], 'queued_at'>, now: Date): MailQueued[] {
  if (state.status !== 'none') return [];
  return [{ type: 'MailQueued', data: { ...mail, queued_at: now.toISOString() } }];
}

export function decideDeliver(state: MailState, via: 'outbox' | 'smtp', now: Date): MailDelivered[] {
  if (state.status === 'none') throw mailErrors.mailNotFound();
  if (state.status === 'delivered' || state.status === 'discarded') return [];
  return [{ type: 'MailDelivered', data: { mail_id: state.mail!.mail_id, via, delivered_at: now.toISOString() } }];
}

/**
 * A mail with no SMTP server to go to: the outbox is its delivery, so it is queued and delivered
 * at once (once by its id, like queuing).
 */
export function decideKeepInOutbox(state: MailState, mail: Omit<MailQueued['data'], 'queued_at'>, now: Date): (MailQueued | MailDelivered)[] {
  const queued = decideQueue(state, mail, now);
  if (!queued.length) return [];
  return [...queued, ...decideDeliver({ status: 'queued', mail: queued[0].data }, 'outbox', now)];
}

/** A mail is discarded once; a mail never queued has nothing to discard. */
export function decideDiscard(state: MailState, now: Date): MailDiscarded[] {
  if (state.status === 'none' || state.status === 'discarded') return [];
  return [{ type: 'MailDiscarded', data: { mail_id: state.mail!.mail_id, discarded_at: now.toISOString() } }];
}
