// Slack's Web API answers HTTP 200 with `ok: false` for its errors (and 429 with Retry-After for
// rate limits, which provider-call waits out): a refused token counts as a 401 (refreshed once),
// Slack's own failures as a 503 (retried), anything else as an error retrying will not change.
import { ProviderHttpError, type ProviderCallDeps, providerJson } from '../provider-call.js';
import type { SlackAnswer } from './slack-types.js';

const TOKEN_ERRORS = new Set(['invalid_auth', 'token_expired', 'not_authed', 'token_revoked', 'account_inactive']);
const PASSING_ERRORS = new Set(['ratelimited', 'internal_error', 'fatal_error', 'service_unavailable', 'request_timeout']);

export function checkSlack(body: SlackAnswer) {
  if (body.ok) return;
  const error = String(body.error ?? 'unknown_error').slice(0, 64);
  if (TOKEN_ERRORS.has(error)) throw new ProviderHttpError(401, `Slack refused the token (${error})`);
  if (PASSING_ERRORS.has(error)) throw new ProviderHttpError(503, `Slack failed (${error})`);
  throw new ProviderHttpError(400, `Slack answered ${error}`);
}

export const slackMethod = <T extends SlackAnswer>(call: ProviderCallDeps, method: string, query: Record<string, string | number | boolean | undefined>) =>
  providerJson<T>(call, `/${method}`, { query }, checkSlack);

/** Slack's next cursor, or null at the end (Slack sends an empty string there). */
export const nextCursor = (a: SlackAnswer) => a.response_metadata?.next_cursor || null;
