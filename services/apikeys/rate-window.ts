// The per-key rate limit's fixed windows of one minute. Pure: which window a moment is in, how
// long until the next one (the 429's Retry-After), and whether one more request fits.
export const WINDOW_MS = 60_000;

export const windowStart = (now: Date) => new Date(Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS);

/** Whole seconds until the window of `now` ends: at least 1, at most 60. */
export const retryAfterSeconds = (now: Date) => Math.max(1, Math.ceil((windowStart(now).getTime() + WINDOW_MS - now.getTime()) / 1000));

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Whether a request fits when `used` were admitted in this window already. */
export const decideRate = (used: number, limit: number, now: Date): RateDecision =>
  used < limit ? { allowed: true } : { allowed: false, retryAfterSeconds: retryAfterSeconds(now) };

/** The month (UTC, `YYYY-MM`) usage is counted in. */
export const monthOf = (at: Date) => at.toISOString().slice(0, 7);

/** Seconds until the next month (UTC) starts: the Retry-After of a spent monthly allowance. */
export function secondsToNextMonth(now: Date) {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}
