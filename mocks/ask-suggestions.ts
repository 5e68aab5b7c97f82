// The ask box's suggestions in the mock API, assembled by the server's own rules
// (services/suggestions/categories.ts) from the scenario: the signed-in person's kept threads
// (their answered questions and related questions), their active shortcuts, tickers from the mock
// catalogue (absent with `marketData: 'off'`) and sample headlines (absent without web search).
import { getListAskSuggestionsMockHandler } from '../generated/msw/ask-suggestions/ask-suggestions.msw';
import { assembleSuggestions, type Found, SUGGESTIONS, suggestionErrors } from '../services/suggestions/pure';
import type { MockMarketData } from './market-data';
import { refuse } from './problem';
import { currentUser, type ScenarioState } from './scenarios';
import { taskRow } from './tasks';
import { MOCK_INSTRUMENTS } from './watchlist';

const holds = (text: string, q: string) => text.toLowerCase().includes(q);
const round = (n: number) => Math.round(n * 10_000) / 10_000;

export function askSuggestionHandlers(opts: { state: () => ScenarioState; marketData?: MockMarketData; webSearch: () => boolean }) {
  return [
    getListAskSuggestionsMockHandler(({ request }) => {
      const user = currentUser(opts.state()) ?? refuse(suggestionErrors.loginRequired());
      const p = new URL(request.url).searchParams;
      const limit = Number(p.get('limit') ?? SUGGESTIONS.limit);
      const q = (p.get('query') ?? '').trim().toLowerCase();
      if (q.length < SUGGESTIONS.minChars) return { categories: [] };
      const entries = (opts.state().threads ?? [])
        .filter((t) => t.owner === user.id)
        .flatMap((t) => t.entries)
        .filter((e) => e.status === 'completed')
        .reverse();
      const shortcuts = Object.values(opts.state().tasks ?? {})
        .map(taskRow)
        .filter((t) => t && t.owner_id === user.id && t.task_type === 'SHORTCUT' && t.status === 'ACTIVE' && (holds(t.title, q) || holds(t.prompt, q)))
        .map((t) => ({ title: t!.title, prompt: t!.prompt }));
      const words = q.split(/\s+/).length;
      const found: Found = {
        ticker:
          opts.marketData === 'off'
            ? null
            : q.length <= 40 && words <= 3
              ? MOCK_INSTRUMENTS.filter(([symbol, name]) => holds(symbol, q) || holds(name, q)).map(([symbol, name, , price, close]) => ({
                  symbol,
                  description: name,
                  quote: { price, change: round(price - close), change_percent: round(((price - close) / close) * 100), currency: 'USD' },
                }))
              : [],
        suggestion: entries.map((e) => e.query_str).filter((s) => holds(s, q)),
        news: opts.webSearch() ? [{ title: `The latest on ${q}`, url: `https://example.com/news/${encodeURIComponent(q)}`, source: 'example.com' }] : null,
        related_question: entries.flatMap((e) => e.related_questions).filter((s) => holds(s, q)),
        shortcuts,
      };
      return { categories: assembleSuggestions(found, limit) };
    }),
  ];
}
