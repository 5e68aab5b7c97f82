import type { StoredEvent } from '../eventstore/types.js';

export type MailQueued = {
  type: 'MailQueued';
  data: { mail_id: string; user_id: string | null; to: string; subject: string; text: string; queued_at: string };
};
export type MailDelivered = { type: 'MailDelivered'; data: { mail_id: string; via: 'outbox' | 'smtp'; delivered_at: string } };
export type MailEvent = MailQueued | MailDelivered;

export const mailStream = (mailId: string) => `mail-${mailId}`;

export type MailState = { status: 'none' | 'queued' | 'delivered'; mail: MailQueued['data'] | null };
export const initialMail: MailState = { status: 'none', mail: null };
export function evolveMail(state: MailState, event: StoredEvent): MailState {
  if (event.type === 'MailQueued') return { status: 'queued', mail: event.data as MailQueued['data'] };
  if (event.type === 'MailDelivered') return { ...state, status: 'delivered' };
  return state;
}
