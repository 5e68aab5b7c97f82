// Whether a question is about buying something, and what to search the catalogue for: a cheap
// rule, no model. A price word or amount, or a shopping verb ("buy", "order a") makes it a buying question; the words that only say so
// ("buy", "cheap", "under 200 euros") leave the search terms, and an upper price becomes a filter.

export type ShoppingQuery = { terms: string; maxPriceMinor: number | null; currency: string | null };

const CURRENCY_WORDS: Record<string, string> = {
  '€': 'EUR',
  eur: 'EUR',
  euro: 'EUR',
  euros: 'EUR',
  $: 'USD',
  usd: 'USD',
  dollar: 'USD',
  dollars: 'USD',
  '£': 'GBP',
  gbp: 'GBP',
  pound: 'GBP',
  pounds: 'GBP',
  chf: 'CHF',
  francs: 'CHF',
  '¥': 'JPY',
  jpy: 'JPY',
  yen: 'JPY',
};

const BUY_WORDS =
  /\b(buy|buying|purchase|purchasing|order (?:a|an|some|online)|shop|shopping|deals|discount|cheap|cheapest|cheaper|affordable|price|prices|priced|cost|costs|for sale|on sale)\b/i;
/** "under 200 euros", "below $50", "less than 1,000 €", "max 30 GBP", "< 80€". */
const PRICE_CAP =
  /(?:under|below|less than|cheaper than|max(?:imum)?|up to|at most|<)\s*([€$£¥])?\s*(\d[\d,]*(?:\.\d+)?)\s*(€|\$|£|¥|euros?\b|eur\b|usd\b|dollars?\b|gbp\b|pounds?\b|chf\b|francs\b|jpy\b|yen\b)?/i;
const PRICE_ANY = /(?:[€$£¥]\s*\d|\d[\d,.]*\s*(?:€|\$|£|eur\b|euros?\b|usd\b|dollars?\b|gbp\b|pounds?\b))/i;
/** Words that carry no product: dropped from the search terms. */
const FILLER =
  /\b(i|i'm|im|me|my|we|want|need|looking|look|for|to|a|an|the|some|any|please|can|you|recommend|suggest|find|get|where|which|what|is|are|should|with|and|or|of|in|on|buy|buying|purchase|purchasing|order|shop|shopping|deal|deals|discount|cheap|cheapest|cheaper|affordable|budget|price|prices|priced|cost|costs|sale|best|top|recommended|good|under|below|less|than|max|maximum|up|at|most|around|about)\b/gi;

/** True when the question reads as wanting to buy something. */
export function isBuyingQuestion(question: string): boolean {
  const q = question.slice(0, 2000);
  if (!/\p{L}{3,}/u.test(q)) return false;
  return BUY_WORDS.test(q) || PRICE_ANY.test(q);
}

/** The question's search terms and its upper price (in minor units of its currency, 2 digits assumed but for yen). */
export function shoppingQueryOf(question: string): ShoppingQuery {
  const q = question.slice(0, 2000);
  const cap = PRICE_CAP.exec(q);
  let maxPriceMinor: number | null = null;
  let currency: string | null = null;
  let rest = q;
  if (cap) {
    const amount = Number(cap[2]!.replace(/,/g, ''));
    currency = CURRENCY_WORDS[(cap[1] ?? cap[3] ?? '').toLowerCase()] ?? null;
    if (Number.isFinite(amount) && amount > 0 && amount < 1e9) maxPriceMinor = Math.round(amount * (currency === 'JPY' ? 1 : 100));
    rest = q.replace(cap[0], ' ');
  }
  return { terms: productTerms(rest), maxPriceMinor, currency };
}

function productTerms(text: string): string {
  return text
    .replace(/[€$£¥]\s*\d[\d,.]*|\d[\d,.]*\s*(?:€|\$|£|¥)/g, ' ')
    .replace(/\b(?:eur|euros?|usd|dollars?|gbp|pounds?|chf|francs|jpy|yen)\b/gi, ' ')
    .replace(FILLER, ' ')
    .replace(/[^\p{L}\p{N}\s-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
    .split(' ')
    .filter((w) => !/^\d+$/.test(w))
    .slice(0, 16)
    .join(' ');
}
