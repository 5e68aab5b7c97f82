// The assistant browser's invite codes and download mails (seed 002 §7 Invites and downloads).
import type { StoredEvent } from '../eventstore/types.js';

export type BrowserInviteIssued = { type: 'BrowserInviteIssued'; data: { code: string; max_uses: number; issued_by: string; issued_at: string } };
export type BrowserInviteClaimed = { type: 'BrowserInviteClaimed'; data: { code: string; user_id: string; claimed_at: string } };
/** A mail with the download links was asked for (the mail itself is the mail domain's MailQueued). */
export type BrowserDownloadMailRequested = {
  type: 'BrowserDownloadMailRequested';
  data: { mail_id: string; to: string; user_id: string | null; partner_code: string | null; incentive: string | null; requested_at: string };
};
export type BrowserEvent = BrowserInviteIssued | BrowserInviteClaimed | BrowserDownloadMailRequested;

export const inviteStream = (code: string) => `browser-invite-${code}`;
export const downloadMailStream = (mailId: string) => `browser-download-mail-${mailId}`;

export type InviteState = { issued: BrowserInviteIssued['data'] | null; claimers: ReadonlySet<string> };
export const initialInvite: InviteState = { issued: null, claimers: new Set() };
export function evolveInvite(state: InviteState, event: StoredEvent): InviteState {
  if (event.type === 'BrowserInviteIssued') return { ...state, issued: event.data as BrowserInviteIssued['data'] };
  if (event.type === 'BrowserInviteClaimed') return { ...state, claimers: new Set([...state.claimers, (event.data as BrowserInviteClaimed['data']).user_id]) };
  return state;
}
