// Invite rules: pure, the clock passed in.
import { browserErrors } from './errors.js';
import type { BrowserInviteClaimed, BrowserInviteIssued, InviteState } from './events.js';

/** Codes are upper case; people may type them in any case. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();

export function decideIssue(state: InviteState, cmd: { code: string; max_uses: number; issued_by: string }, now: Date): BrowserInviteIssued[] {
  if (state.issued) throw browserErrors.inviteExists();
  return [{ type: 'BrowserInviteIssued', data: { code: cmd.code, max_uses: cmd.max_uses, issued_by: cmd.issued_by, issued_at: now.toISOString() } }];
}

export type ClaimOutcome = { status: 'valid' | 'claimed' | 'already_claimed'; code: string; events: BrowserInviteClaimed[] };

/**
 * A person claims one code once. A person who holds a claim already gets `already_claimed` and
 * uses nothing (a retried claim is harmless); a dry run checks the code and claims nothing.
 */
export function decideClaim(
  state: InviteState,
  cmd: { code: string; user_id: string; dry_run: boolean; claimed: { code: string } | null },
  now: Date,
): ClaimOutcome {
  if (cmd.claimed || state.claimers.has(cmd.user_id)) return { status: 'already_claimed', code: cmd.claimed?.code ?? cmd.code, events: [] };
  if (!state.issued) throw browserErrors.inviteNotFound();
  if (state.claimers.size >= state.issued.max_uses) throw browserErrors.inviteUsedUp();
  if (cmd.dry_run) return { status: 'valid', code: cmd.code, events: [] };
  return {
    status: 'claimed',
    code: cmd.code,
    events: [{ type: 'BrowserInviteClaimed', data: { code: cmd.code, user_id: cmd.user_id, claimed_at: now.toISOString() } }],
  };
}
