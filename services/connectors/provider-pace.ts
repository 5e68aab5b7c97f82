// How fast one connection may call its provider: the spacing between two calls, from each
// provider's documented limit for one user (with some room), so a large sync runs at the rate the
// provider allows rather than one pace for all. A provider that still says to wait (429 or 503
// with Retry-After) pauses the connection for as long as it asks (rate-limiter.ts).
import type { ProviderFamily } from '../shared/connector-families.js';

export const PACE_MS: Record<ProviderFamily, number> = {
  // Drive: 12,000 requests a minute per user; Gmail: 250 quota units a second per user (a message read costs 5).
  google: 20,
  // Graph: Outlook's 10,000 requests per 10 minutes per mailbox is the tightest of the services read.
  microsoft: 60,
  // Dropbox publishes no number; it answers 429 with Retry-After when a user goes too fast.
  dropbox: 20,
  // Box: 1,000 requests a minute per user.
  box: 60,
  // Notion: an average of 3 requests a second per integration.
  notion: 340,
  // Linear: 1,500 requests an hour per user.
  linear: 2_400,
  // GitHub: 5,000 requests an hour per user (a conditional request answered 304 is not counted).
  github: 720,
  // Asana: 150 requests a minute on the free plan (1,500 on paid ones).
  asana: 400,
  // Jira and Confluence Cloud: cost-based; about 10 simple requests a second per user.
  atlassian: 100,
  // Slack: conversations.history and .members are Tier 3, about 50 calls a minute.
  slack: 1_200,
};

/**
 * Where one service of a family has a looser limit than the family's tightest: Drive's 12,000
 * requests a minute per user is 5 ms a call; 10 ms keeps half of it spare, and lets a first sync
 * fetch 100 small files a second (the family's 20 ms is Gmail's, whose reads cost more).
 */
export const CONNECTOR_PACE_MS: Partial<Record<string, number>> = { google_drive: 10 };

/**
 * The spacing for a limiter key (`{family}:{connector}:{connection}`, or `{family}:{connection}`);
 * `override` (CONNECTOR_CALL_SPACING_MS) sets one for all.
 */
export function paceOf(key: string, override: number | null): number {
  if (override !== null) return override;
  const [family, connector] = key.split(':');
  return CONNECTOR_PACE_MS[connector] ?? PACE_MS[family as ProviderFamily] ?? 100;
}
