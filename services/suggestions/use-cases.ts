// The ask box's suggestions for one signed-in person: every source asked at once, each given at
// most a second (the client waits 1.5 s), a source that fails or is late simply absent; a source
// this server has not configured (market data, web search) is absent too, never filled in.
import { newsMatching } from '../answers/index.js';
import type { Db } from '../db/database.js';
import type { Actor } from '../shared/actor.js';
import type { KernelContext } from '../shared/context.js';
import { shortcutsMatching } from '../tasks/index.js';
import { ownQuestionsMatching, relatedQuestionsMatching } from '../threads/index.js';
import { tickerSuggestions } from '../watchlist/index.js';
import { assembleSuggestions, type Found, SUGGESTIONS } from './categories.js';
import { suggestionErrors } from './errors.js';

export type SuggestionDeps = { db: Db; config: KernelContext['config']; sourceTimeoutMs?: number };

const SOURCE_TIMEOUT_MS = 1_000;

/** The source's answer, or `otherwise` when it fails or takes longer than `ms`. */
async function withinTime<T>(ms: number, otherwise: T, ask: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(otherwise);
    }, ms);
  });
  try {
    return await Promise.race([ask(controller.signal).catch(() => otherwise), late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function askSuggestions(deps: SuggestionDeps, actor: Actor, input: { query: string; limit?: number }) {
  const userId = await actor.userId();
  if (!userId) throw suggestionErrors.loginRequired();
  const limit = Math.min(Math.max(1, Math.trunc(input.limit ?? SUGGESTIONS.limit)), SUGGESTIONS.maxLimit);
  const text = input.query.trim();
  if (text.length < SUGGESTIONS.minChars) return { categories: [] };
  const ms = deps.sourceTimeoutMs ?? SOURCE_TIMEOUT_MS;
  // Unconfigured sources answer null at once; a failed one answers [] (absent, as unconfigured).
  const [ticker, suggestion, news, related_question, shortcuts] = await Promise.all([
    withinTime(ms, [], (signal) => tickerSuggestions(deps.config, text, limit, signal)),
    withinTime(ms, [], () => ownQuestionsMatching(deps.db, userId, text, limit)),
    withinTime(ms, [], (signal) => newsMatching(deps.config.searxngUrl ?? null, text, limit, signal)),
    withinTime(ms, [], () => relatedQuestionsMatching(deps.db, userId, text, limit + 2)),
    withinTime(ms, [], () => shortcutsMatching(deps.db, userId, text, limit)),
  ]);
  const found: Found = { ticker, suggestion, news, related_question, shortcuts };
  return { categories: assembleSuggestions(found, limit) };
}
