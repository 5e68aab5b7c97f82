// Pure identity rules: the clock comes in with the command.
import { identityErrors } from './errors.js';
import type {
  AccountAvatarChanged,
  AccountErased,
  AccountEmailChanged,
  AccountEmailVerified,
  AccountResetLinkMade,
  AccountVerificationCodeIssued,
  AccountVerificationCodeRefused,
  AccountTwoFactorDisabled,
  AccountTwoFactorEnabled,
  AccountUsernameChanged,
  AccountRegistered,
  AccountRenamed,
  AccountState,
  VisitorClaimed,
  VisitorState,
} from './events.js';

export type RegisterAccount = { userId: string; email: string; name: string; visitorId: string | null; now: Date };

export function decideRegister(state: AccountState, cmd: RegisterAccount): AccountRegistered[] {
  if (state.registered) throw identityErrors.accountExists();
  return [
    {
      type: 'AccountRegistered',
      data: { user_id: cmd.userId, email: cmd.email, name: cmd.name, visitor_id: cmd.visitorId, registered_at: cmd.now.toISOString() },
    },
  ];
}

/** A name is trimmed and never blank; the same name again changes nothing. */
export function decideRename(state: AccountState, cmd: { userId: string; name: string; now: Date }): AccountRenamed[] {
  const name = cmd.name.trim();
  if (!name) throw identityErrors.nameRequired();
  if (name === state.name) return [];
  return [{ type: 'AccountRenamed', data: { user_id: cmd.userId, name, renamed_at: cmd.now.toISOString() } }];
}

/**
 * The address becomes the newly verified one (kept in lower case); the same address again changes
 * nothing. `previous` is the address Better Auth held, for accounts registered before it was recorded.
 */
export function decideEmailChange(state: AccountState, cmd: { userId: string; email: string; previous: string; now: Date }): AccountEmailChanged[] {
  const email = cmd.email.trim().toLowerCase();
  const previous = state.email ?? cmd.previous.toLowerCase();
  if (email === previous) return [];
  return [{ type: 'AccountEmailChanged', data: { user_id: cmd.userId, email, previous_email: previous, changed_at: cmd.now.toISOString() } }];
}

export const USERNAME_LENGTH = { min: 3, max: 30 };
const USERNAME = /^[a-z0-9_.]+$/;

/** A username is trimmed and lower-cased: 3 to 30 letters, digits, dots or underscores. The same one again changes nothing. */
export function decideUsername(state: AccountState, cmd: { userId: string; username: string; now: Date }): AccountUsernameChanged[] {
  const username = cmd.username.trim().toLowerCase();
  if (username.length < USERNAME_LENGTH.min || username.length > USERNAME_LENGTH.max || !USERNAME.test(username)) throw identityErrors.invalidUsername();
  if (username === state.username) return [];
  return [{ type: 'AccountUsernameChanged', data: { user_id: cmd.userId, username, changed_at: cmd.now.toISOString() } }];
}

/** A new picture (its storage key) or none (null); the same again changes nothing. */
export function decideAvatar(state: AccountState, cmd: { userId: string; imageKey: string | null; now: Date }): AccountAvatarChanged[] {
  if ((state.avatar ?? null) === cmd.imageKey) return [];
  return [{ type: 'AccountAvatarChanged', data: { user_id: cmd.userId, image_key: cmd.imageKey, changed_at: cmd.now.toISOString() } }];
}

/** The address is recorded verified once; verifying it again changes nothing. */
export function decideEmailVerified(state: AccountState, cmd: { userId: string; via: AccountEmailVerified['data']['via']; now: Date }): AccountEmailVerified[] {
  if (state.emailVerified || state.erased) return [];
  return [{ type: 'AccountEmailVerified', data: { user_id: cmd.userId, via: cmd.via, verified_at: cmd.now.toISOString() } }];
}

/** A one-time code from the server's log: 8 digits, for 15 minutes, 5 wrong tries, then a new code is needed. */
export const VERIFICATION_CODE = { digits: 8, minutes: 15, attempts: 5 } as const;

/** A new code replaces the last one; an address already verified (or an account erased) gets none. */
export function decideVerificationCodeIssued(state: AccountState, cmd: { userId: string; codeHash: string; now: Date }): AccountVerificationCodeIssued[] {
  if (!state.registered || state.emailVerified || state.erased) return [];
  const expires = new Date(cmd.now.getTime() + VERIFICATION_CODE.minutes * 60_000);
  return [
    {
      type: 'AccountVerificationCodeIssued',
      data: { user_id: cmd.userId, code_hash: cmd.codeHash, issued_at: cmd.now.toISOString(), expires_at: expires.toISOString() },
    },
  ];
}

export type CodeOutcome = 'verified' | 'already_verified' | 'wrong' | 'no_code' | 'expired';

/**
 * A code entered: right (the address is verified), wrong (counted), or none to check against
 * (never issued, expired, or used up by wrong tries: a new one must be asked for).
 */
export function decideVerificationCode(
  state: AccountState,
  cmd: { userId: string; codeHash: string; now: Date },
): { outcome: CodeOutcome; events: (AccountEmailVerified | AccountVerificationCodeRefused)[] } {
  if (state.emailVerified) return { outcome: 'already_verified', events: [] };
  const code = state.code;
  if (!state.registered || state.erased || !code) return { outcome: 'no_code', events: [] };
  if (new Date(code.expiresAt) <= cmd.now || code.refused >= VERIFICATION_CODE.attempts) return { outcome: 'expired', events: [] };
  if (code.hash === cmd.codeHash) return { outcome: 'verified', events: decideEmailVerified(state, { userId: cmd.userId, via: 'server_log', now: cmd.now }) };
  return { outcome: 'wrong', events: [{ type: 'AccountVerificationCodeRefused', data: { user_id: cmd.userId, refused_at: cmd.now.toISOString() } }] };
}

/** A reset link made for a registered account is recorded (who made it, when); Better Auth keeps the token. */
export function decideResetLinkMade(state: AccountState, cmd: { userId: string; by: AccountResetLinkMade['data']['by']; now: Date }): AccountResetLinkMade[] {
  if (!state.registered || state.erased) return [];
  return [{ type: 'AccountResetLinkMade', data: { user_id: cmd.userId, by: cmd.by, made_at: cmd.now.toISOString() } }];
}

/** Two-factor sign-in turned on or off; the state it is in already changes nothing. */
export function decideTwoFactor(
  state: AccountState,
  cmd: { userId: string; enabled: boolean; now: Date },
): (AccountTwoFactorEnabled | AccountTwoFactorDisabled)[] {
  if ((state.twoFactor ?? false) === cmd.enabled || state.erased) return [];
  const at = cmd.now.toISOString();
  return cmd.enabled
    ? [{ type: 'AccountTwoFactorEnabled', data: { user_id: cmd.userId, enabled_at: at } }]
    : [{ type: 'AccountTwoFactorDisabled', data: { user_id: cmd.userId, disabled_at: at } }];
}

export type ClaimVisitor = { visitorId: string; userId: string; now: Date };

/** A visitor's work belongs to the first account that claims it; claiming again is a no-op. */
export function decideClaimVisitor(state: VisitorState, cmd: ClaimVisitor): VisitorClaimed[] {
  if (state.claimedBy === cmd.userId) return [];
  if (state.claimedBy) throw identityErrors.visitorAlreadyClaimed();
  return [{ type: 'VisitorClaimed', data: { visitor_id: cmd.visitorId, user_id: cmd.userId, claimed_at: cmd.now.toISOString() } }];
}

/** An account is erased once; the event names only its id (docs/data-rights.md). */
export function decideErase(state: AccountState, cmd: { userId: string; now: Date }): AccountErased[] {
  if (state.erased) return [];
  return [{ type: 'AccountErased', data: { user_id: cmd.userId, erased_at: cmd.now.toISOString() } }];
}
