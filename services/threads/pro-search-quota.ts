// Claiming a Pro Search for a question: the asker's plan and day's count decide (pro-search-quota-decide.ts),
// and a counted one is recorded in the asker's day stream with its expected version, retried on
// a race. Nothing here knows HTTP.
import type { EventStore } from '../eventstore/store.js';
import { ConcurrencyError } from '../eventstore/types.js';
import type { Actor } from '../shared/actor.js';
import { decideProSearch, type ProSearchDecision, proSearchQuotaStream, quotaDay } from './pro-search-quota-decide.js';

const ATTEMPTS = 3;

export async function claimProSearch(store: EventStore, actor: Actor, backendUuid: string, limit: number, now: Date): Promise<ProSearchDecision> {
  const user = await actor.user();
  const asker = { userId: user?.id ?? null, unlimited: !!user?.capabilities.unlimitedProSearch };
  if (!asker.userId || asker.unlimited) return decideProSearch(asker, 0, limit, backendUuid, now);
  const stream = proSearchQuotaStream(asker.userId, quotaDay(now));
  for (let attempt = 1; ; attempt++) {
    const { state: used, version } = await store.aggregate(stream, 0, (n) => n + 1);
    const decision = decideProSearch(asker, used, limit, backendUuid, now);
    if (!decision.events.length) return decision;
    try {
      await store.append(stream, version, decision.events);
      return decision;
    } catch (err) {
      if (!(err instanceof ConcurrencyError) || attempt >= ATTEMPTS) throw err;
    }
  }
}
