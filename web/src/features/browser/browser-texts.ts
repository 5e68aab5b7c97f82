// The assistant browser's texts and timings (seed 002 §7 "Invites and downloads", §9): the
// download toast shows 5 s; invite calls have a medium timeout (this project: 10 s) with 1 retry
// (status) and 2 (claim); failed invite and download-mail calls are only logged. Where the seed
// shows no text, these are this project's.
import { MEDIUM_TIMEOUT_MS } from '../../platform/api-fetch';
import { TOAST_DURATION } from '../../platform/toasts';

export const BROWSER_TEXT = {
  downloadStarted: 'Comet download started...',
  notConfigured: 'Downloads are not configured on this server.',
  platform: { win_x64: 'Download for Windows', mac_arm64: 'Download for Mac' } as Record<string, string>,
  hasAccess: (code: string) => `You have access to the assistant browser (invite code ${code}).`,
  codeValid: 'This invite code is valid.',
  codeNotAccepted: 'That invite code was not accepted.',
  claimed: 'Invite claimed: you have access to the assistant browser.',
  mailed: 'We sent the download links to your email.',
  downloadMailSent: (to: string) => `Download link sent to ${to}.`,
} as const;

export const DOWNLOAD_TOAST_MS = TOAST_DURATION.long;
/** Seed 003: a download starts 250 ms after its click. */
export const DOWNLOAD_START_DELAY_MS = 250;
/** "Medium timeout" (seed 002 §9). */
export const INVITE_TIMEOUT_MS = MEDIUM_TIMEOUT_MS;
export const INVITE_STATUS_RETRIES = 1;
export const INVITE_CLAIM_RETRIES = 2;
