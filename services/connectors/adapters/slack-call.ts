// Slack's Web API answers HTTP 200 with `ok: false` for its errors (and 429 with Retry-After for
// rate limits, which provider-call waits out): a refused token counts as a 401 (refreshed once),
// Slack's own failures as a 503 (retried), anything else as an error retrying will not change.
import { ProviderHttpError, type ProviderCallDeps, providerJson } from '../provider-call.js';
import type { SlackAnswer } from './slack-types.js';

const TOKEN_ERRORS = new Set(['invalid_auth', 'token_expired', 'not_authed', 'token_revoked', 'account_inactive']);
const PASSING_ERRORS = new Set(['ratelimited', 'internal_error', 'fatal_error', 'service_unavailable', 'request_timeout']);

/** Slack's error, with its code (`channel_not_found`...) for callers that handle one. */
export class SlackApiError extends ProviderHttpError {
  constructor(
    status: number,
    message: string,
    readonly error: string,
  ) {
    super(status, message);
    this.name = 'SlackApiError';
  }
}

/** The channel is no longer there for this person: archived, deleted, or left. */
export const channelGone = (err: unknown) => err instanceof SlackApiError && ['channel_not_found', 'not_in_channel', 'is_archived'].includes(err.error);

export function checkSlack(body: SlackAnswer) {
  if (body.ok) return;
  const error = String(body.error ?? 'unknown_error').slice(0, 64);
  if (TOKEN_ERRORS.has(error)) throw new SlackApiError(401, `Slack refused the token (${error})`, error);
  if (PASSING_ERRORS.has(error)) throw new SlackApiError(503, `Slack failed (${error})`, error);
  throw new SlackApiError(400, `Slack answered ${error}`, error);
}

export const slackMethod = <T extends SlackAnswer>(call: ProviderCallDeps, method: string, query: Record<string, string | number | boolean | undefined>) =>
  providerJson<T>(call, `/${method}`, { query }, checkSlack);

/** Slack's next cursor, or null at the end (Slack sends an empty string there). */
export const nextCursor = (a: SlackAnswer) => a.response_metadata?.next_cursor || null;
