// Pure identity rules: the clock comes in with the command.
import { identityErrors } from './errors.js';
import type { AccountErased, AccountRegistered, AccountRenamed, AccountState, VisitorClaimed, VisitorState } from './events.js';

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
