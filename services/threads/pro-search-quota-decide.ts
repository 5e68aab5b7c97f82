// The rules of the Pro Search quota (AskRequest.answer_depth `pro`). Pure: who asks, their
// plan's capability, the day's count and the limit come in. A visitor gets quick answers only
// (the sign-up card's 'Unlock Pro Search and History'); a plan with unlimitedProSearch is not
// counted; anyone else gets `limit` a day (UTC), counted by the ProSearchUsed events of their
// day's stream, appended with its expected version so two questions at once cannot both take
// the last one.
export type ProSearchUsed = { type: 'ProSearchUsed'; data: { user_id: string; backend_uuid: string; day: string; used_at: string } };

export const proSearchQuotaStream = (userId: string, day: string) => `pro-search-quota-${userId}-${day}`;
/** The quota's day: the UTC date. */
export const quotaDay = (now: Date) => now.toISOString().slice(0, 10);

export type ProSearchAsker = { userId: string | null; unlimited: boolean };
export type ProSearchDecision =
  | { depth: 'pro'; events: ProSearchUsed[] }
  | { depth: 'quick'; fallback: 'sign_in' | 'quota'; used: number; limit: number; events: [] };

export function decideProSearch(asker: ProSearchAsker, used: number, limit: number, backendUuid: string, now: Date): ProSearchDecision {
  if (!asker.userId) return { depth: 'quick', fallback: 'sign_in', used: 0, limit: 0, events: [] };
  if (asker.unlimited) return { depth: 'pro', events: [] };
  if (used >= limit) return { depth: 'quick', fallback: 'quota', used, limit, events: [] };
  return {
    depth: 'pro',
    events: [{ type: 'ProSearchUsed', data: { user_id: asker.userId, backend_uuid: backendUuid, day: quotaDay(now), used_at: now.toISOString() } }],
  };
}

/** The prompt a quick fallback shows (spec ProSearchLimit): the seeds' sign-up card, or the Pro upgrade. */
export function proSearchLimitView(d: Extract<ProSearchDecision, { depth: 'quick' }>) {
  return d.fallback === 'sign_in'
    ? { reason: 'sign_in' as const, title: 'Sign in or create an account', description: 'Unlock Pro Search and History', used: 0, limit: 0 }
    : {
        reason: 'quota' as const,
        title: 'Upgrade to Pro',
        description: `You have used your ${d.limit} Pro ${d.limit === 1 ? 'Search' : 'Searches'} for today. Upgrade for unlimited Pro Search; this answer is a quick search.`,
        used: d.used,
        limit: d.limit,
      };
}

/**
 * Whether a Pro Search asked here would search the web, as the answer engine decides it
 * (answers' searchesWeb): only then is it counted. A Space that keeps to its own sources, an
 * organisation that forbids the web, a mode that never searches it (the user guide, files) or a
 * server without web search answers quick, and costs nothing.
 */
export function proSearchReachesWeb(a: { serverSearchesWeb: boolean; mode: string; spaceWeb: boolean | null; webAllowed: boolean }): boolean {
  if (!a.serverSearchesWeb || !a.webAllowed) return false;
  return a.mode === 'web' || (a.mode === 'auto' && (a.spaceWeb ?? true));
}
