// The ask box's suggestion categories (seed 000 §9): "in order: ticker, suggestion, news (Latest
// News), related_question (Related Questions), shortcuts (Shortcuts). Ticker suggestions with full
// price info sort first." Pure: the server, the mocks and the web app assemble and show them alike.
export const SUGGESTION_CATEGORIES = ['ticker', 'suggestion', 'news', 'related_question', 'shortcuts'] as const;
export type SuggestionCategory = (typeof SUGGESTION_CATEGORIES)[number];

/** Each category's heading; tickers and the person's own questions have none. */
export const SUGGESTION_TITLES: Record<SuggestionCategory, string | null> = {
  ticker: null,
  suggestion: null,
  news: 'Latest News',
  related_question: 'Related Questions',
  shortcuts: 'Shortcuts',
};

/** Items per category unless asked otherwise, the most that may be asked, and the shortest text looked up. */
export const SUGGESTIONS = { limit: 3, maxLimit: 8, minChars: 2, titleMax: 300 } as const;

export type Quote = { price: number; change: number; change_percent: number; currency: string };
export type Suggestion = { text: string; title: string; subtitle: string | null; url: string | null; quote: Quote | null };
export type SuggestionList = { category: SuggestionCategory; title: string | null; items: Suggestion[] };

/** What each source found; null where the source is not configured on this server. */
export type Found = {
  ticker: { symbol: string; description: string; quote: Quote | null }[] | null;
  suggestion: string[];
  news: { title: string; url: string; source: string }[] | null;
  related_question: string[];
  shortcuts: { title: string; prompt: string }[];
};

/** A ticker has full price info when its quote has a price, a change and a currency. */
export const hasFullPrice = (q: Quote | null): q is Quote =>
  !!q && Number.isFinite(q.price) && Number.isFinite(q.change) && Number.isFinite(q.change_percent) && q.currency.length > 0;

const clip = (s: string) => (s.length > SUGGESTIONS.titleMax ? `${s.slice(0, SUGGESTIONS.titleMax - 1)}…` : s);
const plain = (text: string): Suggestion => ({ text, title: clip(text), subtitle: null, url: null, quote: null });

/** The categories with something to show, in the seed's order, each at most `limit` items. */
export function assembleSuggestions(found: Found, limit: number): SuggestionList[] {
  // A stable sort: tickers with full price info first, otherwise in the provider's order.
  const tickers = [...(found.ticker ?? [])].sort((a, b) => Number(hasFullPrice(b.quote)) - Number(hasFullPrice(a.quote)));
  const own = unique(found.suggestion);
  const asked = new Set(own.map((q) => q.toLowerCase()));
  const items: Record<SuggestionCategory, Suggestion[]> = {
    ticker: tickers.map((t) => ({
      text: t.symbol,
      title: t.symbol,
      subtitle: clip(t.description) || null,
      url: null,
      quote: hasFullPrice(t.quote) ? t.quote : null,
    })),
    suggestion: own.map(plain),
    news: (found.news ?? []).map((n) => ({ text: n.title, title: clip(n.title), subtitle: n.source, url: n.url, quote: null })),
    // A follow-up the person already asked shows once, as their own question.
    related_question: unique(found.related_question)
      .filter((q) => !asked.has(q.toLowerCase()))
      .map(plain),
    shortcuts: found.shortcuts.map((s) => ({ text: s.prompt, title: clip(`/${s.title}`), subtitle: clip(s.prompt) || null, url: null, quote: null })),
  };
  return SUGGESTION_CATEGORIES.map((category) => ({ category, title: SUGGESTION_TITLES[category], items: items[category].slice(0, limit) })).filter(
    (c) => c.items.length > 0,
  );
}

function unique(texts: readonly string[]) {
  const seen = new Set<string>();
  return texts.filter((t) => {
    const key = t.trim().toLowerCase();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
