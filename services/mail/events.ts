import type { StoredEvent } from '../eventstore/types.js';

export type MailQueued = {
  type: 'MailQueued';
  data: { mail_id: string; user_id: string | null; to: string; subject: string; text: string; queued_at: string };
};
export type MailDelivered = { type: 'MailDelivered'; data: { mail_id: string; via: 'outbox' | 'smtp'; delivered_at: string } };
/** The mail was taken out of the outbox (its addressee's account was deleted): it is never sent or shown. */
export type MailDiscarded = { type: 'MailDiscarded'; data: { mail_id: string; discarded_at: string } };
export type MailEvent = MailQueued | MailDelivered | MailDiscarded;

export const mailStream = (mailId: string) => `mail-${mailId}`;

export type MailState = { status: 'none' | 'queued' | 'delivered' | 'discarded'; mail: MailQueued['data'] | null };
export const initialMail: MailState = { status: 'none', mail: null };
export function evolveMail(state: MailState, event: StoredEvent): MailState {
  if (event.type === 'MailQueued') return { status: 'queued', mail: event.data as MailQueued['data'] };
  if (event.type === 'MailDelivered') return { ...state, status: 'delivered' };
  if (event.type === 'MailDiscarded') return { ...state, status: 'discarded' };
  return state;
}
