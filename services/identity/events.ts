// Identity events. Better Auth owns the credential tables; what the rest of the product needs
// to know about an account (and its claim on a visitor's work) is recorded here.
import type { StoredEvent } from '../eventstore/types.js';

export type AccountRegistered = {
  type: 'AccountRegistered';
  data: { user_id: string; email: string; name: string; visitor_id: string | null; registered_at: string };
};
export type VisitorClaimed = {
  type: 'VisitorClaimed';
  data: { visitor_id: string; user_id: string; claimed_at: string };
};
export type AccountRenamed = { type: 'AccountRenamed'; data: { user_id: string; name: string; renamed_at: string } };
/** The account was deleted: every read model drops the person's rows (docs/data-rights.md); the payload names no one. */
export type AccountErased = { type: 'AccountErased'; data: { user_id: string; erased_at: string } };
export type IdentityEvent = AccountRegistered | AccountRenamed | AccountErased | VisitorClaimed;

export const accountStream = (userId: string) => `account-${userId}`;
export const visitorStream = (visitorId: string) => `visitor-${visitorId}`;

export type AccountState = { registered: boolean; name: string | null; erased?: boolean };
export const initialAccount: AccountState = { registered: false, name: null };
export function evolveAccount(state: AccountState, event: StoredEvent): AccountState {
  if (event.type === 'AccountErased') return { ...state, name: null, erased: true };
  if (event.type === 'AccountRegistered') return { registered: true, name: (event.data as AccountRegistered['data']).name };
  if (event.type === 'AccountRenamed') return { ...state, name: (event.data as AccountRenamed['data']).name };
  return state;
}

export type VisitorState = { claimedBy: string | null };
export const initialVisitor: VisitorState = { claimedBy: null };
export function evolveVisitor(state: VisitorState, event: StoredEvent): VisitorState {
  return event.type === 'VisitorClaimed' ? { claimedBy: (event.data as VisitorClaimed['data']).user_id } : state;
}
