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
/** The address changed once the new one was verified by its mailed link; `email` is lower-case. */
export type AccountEmailChanged = { type: 'AccountEmailChanged'; data: { user_id: string; email: string; previous_email: string; changed_at: string } };
/** `username` is lower-case, unique across accounts (Better Auth's column enforces it). */
export type AccountUsernameChanged = { type: 'AccountUsernameChanged'; data: { user_id: string; username: string; changed_at: string } };
/** `image_key`: the storage key of the picture (checked to be a PNG, JPEG, GIF or WebP when set), or null when removed. */
export type AccountAvatarChanged = { type: 'AccountAvatarChanged'; data: { user_id: string; image_key: string | null; changed_at: string } };
/**
 * The account's address was proven: by its mailed link, by an administrator (a server without
 * mail), by the identity provider it signed up with, or `adopted` when it was verified before
 * verification was recorded here (migration 0020). An address change (AccountEmailChanged) is
 * verified by its own link and needs no event of this kind.
 */
export type AccountEmailVerified = {
  type: 'AccountEmailVerified';
  data: { user_id: string; via: 'link' | 'administrator' | 'provider' | 'adopted' | 'server_log'; verified_at: string };
};
/**
 * A one-time code to prove the address from the machine (an address of ADMIN_EMAILS on a server
 * without SMTP_URL): printed in the server's log, kept here only as its hash, until `expires_at`.
 */
export type AccountVerificationCodeIssued = {
  type: 'AccountVerificationCodeIssued';
  data: { user_id: string; code_hash: string; issued_at: string; expires_at: string };
};
/** A wrong code was entered against the latest issued one (a few are allowed, then a new code is needed). */
export type AccountVerificationCodeRefused = { type: 'AccountVerificationCodeRefused'; data: { user_id: string; refused_at: string } };
/** A one-time link to choose a new password was made for the account, by an administrator on /mail or by `make reset-password`. */
export type AccountResetLinkMade = { type: 'AccountResetLinkMade'; data: { user_id: string; by: 'administrator' | 'command'; made_at: string } };
/** Two-factor sign-in was turned on (the authenticator's first code confirmed) or off. Better Auth keeps the secret. */
export type AccountTwoFactorEnabled = { type: 'AccountTwoFactorEnabled'; data: { user_id: string; enabled_at: string } };
export type AccountTwoFactorDisabled = { type: 'AccountTwoFactorDisabled'; data: { user_id: string; disabled_at: string } };
/** The account was deleted: every read model drops the person's rows (docs/data-rights.md); the payload names no one. */
export type AccountErased = { type: 'AccountErased'; data: { user_id: string; erased_at: string } };
export type IdentityEvent =
  | AccountRegistered
  | AccountRenamed
  | AccountEmailChanged
  | AccountUsernameChanged
  | AccountAvatarChanged
  | AccountEmailVerified
  | AccountVerificationCodeIssued
  | AccountVerificationCodeRefused
  | AccountResetLinkMade
  | AccountTwoFactorEnabled
  | AccountTwoFactorDisabled
  | AccountErased
  | VisitorClaimed;

export const accountStream = (userId: string) => `account-${userId}`;
export const visitorStream = (visitorId: string) => `visitor-${visitorId}`;

export type AccountState = {
  registered: boolean;
  name: string | null;
  email: string | null;
  username?: string;
  avatar?: string | null;
  erased?: boolean;
  emailVerified?: boolean;
  twoFactor?: boolean;
  /** The latest one-time code to verify the address with, and the wrong codes entered against it. */
  code?: { hash: string; expiresAt: string; refused: number } | null;
};
export const initialAccount: AccountState = { registered: false, name: null, email: null };
export function evolveAccount(state: AccountState, event: StoredEvent): AccountState {
  if (event.type === 'AccountErased') return { ...state, name: null, email: null, username: undefined, avatar: null, erased: true };
  if (event.type === 'AccountRegistered') {
    const d = event.data as AccountRegistered['data'];
    return { registered: true, name: d.name, email: d.email.toLowerCase() };
  }
  if (event.type === 'AccountRenamed') return { ...state, name: (event.data as AccountRenamed['data']).name };
  // The new address was proven by its link before the change was recorded.
  if (event.type === 'AccountEmailChanged') return { ...state, email: (event.data as AccountEmailChanged['data']).email, emailVerified: true };
  if (event.type === 'AccountEmailVerified') return { ...state, emailVerified: true, code: null };
  if (event.type === 'AccountVerificationCodeIssued') {
    const d = event.data as AccountVerificationCodeIssued['data'];
    return { ...state, code: { hash: d.code_hash, expiresAt: d.expires_at, refused: 0 } };
  }
  if (event.type === 'AccountVerificationCodeRefused') return state.code ? { ...state, code: { ...state.code, refused: state.code.refused + 1 } } : state;
  if (event.type === 'AccountTwoFactorEnabled') return { ...state, twoFactor: true };
  if (event.type === 'AccountTwoFactorDisabled') return { ...state, twoFactor: false };
  if (event.type === 'AccountAvatarChanged') return { ...state, avatar: (event.data as AccountAvatarChanged['data']).image_key };
  if (event.type === 'AccountUsernameChanged') return { ...state, username: (event.data as AccountUsernameChanged['data']).username };
  return state;
}

export type VisitorState = { claimedBy: string | null };
export const initialVisitor: VisitorState = { claimedBy: null };
export function evolveVisitor(state: VisitorState, event: StoredEvent): VisitorState {
  return event.type === 'VisitorClaimed' ? { claimedBy: (event.data as VisitorClaimed['data']).user_id } : state;
}
