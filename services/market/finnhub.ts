// Quotes and symbol lookup from Finnhub's REST API (https://finnhub.io/docs/api/quote): GET <base>/quote?symbol=AAPL
// with the key in the X-Finnhub-Token header, answering {c, d, dp, h, l, o, pc, t}. The key goes in
// a header, never in the URL, so no URL an error or a log shows can carry it. Its payload is
// untrusted: a timeout, a size cap and a schema check before any number is used.
import { z } from 'zod';
import { type Instrument, type MarketData, MarketDataError, type Quote } from './quote.js';
import { readCappedBody } from '../shared/capped-body.js';

export const FINNHUB_LIMITS = { timeoutMs: 10_000, maxBytes: 16 * 1024 } as const;

const finnhubQuote = z.object({
  c: z.number().finite().nonnegative(),
  d: z.number().finite().nullable().optional(),
  dp: z.number().finite().nullable().optional(),
  h: z.number().finite().optional(),
  l: z.number().finite().optional(),
  o: z.number().finite().optional(),
  pc: z.number().finite().nonnegative(),
  t: z.number().int().nonnegative(),
});

const finnhubSearch = z.object({
  result: z.array(z.object({ description: z.string().max(200), symbol: z.string().max(40), type: z.string().max(60) })).max(500),
});

export type FinnhubOptions = { baseUrl: string; apiKey: string; timeoutMs?: number; maxBytes?: number };

/** Finnhub's symbol lookup answers up to a few hundred matches: a larger cap than a quote's. */
const SEARCH_MAX_BYTES = 256 * 1024;

export function finnhubMarketData(opts: FinnhubOptions): MarketData {
  const timeoutMs = opts.timeoutMs ?? FINNHUB_LIMITS.timeoutMs;
  const maxBytes = opts.maxBytes ?? FINNHUB_LIMITS.maxBytes;
  const base = opts.baseUrl.replace(/\/+$/, '');

  /** GETs <base><path>?<params> and answers its JSON, every failure a MarketDataError naming `what`. */
  async function getJson(path: string, params: Record<string, string>, what: string, cap: number, signal?: AbortSignal): Promise<unknown> {
    const url = new URL(`${base}${path}`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    const timeout = AbortSignal.timeout(timeoutMs);
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { accept: 'application/json', 'x-finnhub-token': opts.apiKey },
        redirect: 'error',
        signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
      });
    } catch (err) {
      if (timeout.aborted) throw new MarketDataError('timeout', `finnhub did not answer for ${what} within ${timeoutMs} ms`);
      if (signal?.aborted) throw new MarketDataError('unavailable', `the request for ${what} was cancelled`);
      throw new MarketDataError('unavailable', `finnhub could not be reached for ${what} (${networkCode(err)})`);
    }
    if (res.status === 401 || res.status === 403) {
      await res.body?.cancel();
      throw new MarketDataError('unauthorized', `finnhub refused the API key (${res.status}); check MARKET_DATA_API_KEY`);
    }
    if (res.status === 429) {
      await res.body?.cancel();
      throw new MarketDataError('rate_limited', `finnhub's rate limit was reached asking for ${what} (429)`);
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new MarketDataError('unavailable', `finnhub answered ${res.status} for ${what}`);
    }
    const text = await readCapped(res, cap, what, timeout);
    try {
      return JSON.parse(text);
    } catch {
      throw new MarketDataError('bad_payload', `finnhub's answer for ${what} is not JSON`);
    }
  }

  return {
    provider: 'finnhub',
    async quote(symbol, signal) {
      const parsed = finnhubQuote.safeParse(await getJson('/quote', { symbol }, symbol, maxBytes, signal));
      if (!parsed.success) throw new MarketDataError('bad_payload', `finnhub's answer for ${symbol} is not a quote`);
      const q = parsed.data;
      // Finnhub answers a symbol it does not know with zeros rather than an error.
      if (q.c === 0 && q.pc === 0 && q.t === 0) throw new MarketDataError('unknown_symbol', `finnhub knows no symbol ${symbol}`);
      if (q.c === 0 || q.pc === 0) throw new MarketDataError('bad_payload', `finnhub's quote for ${symbol} has no price`);
      // The free tier covers US listings only and the quote names no currency: US dollars.
      return { symbol, price: q.c, previous_close: q.pc, currency: 'USD', at: new Date(q.t * 1000) } satisfies Quote;
    },
    // Symbol lookup (https://finnhub.io/docs/api/symbol-search): GET /search?q=apple.
    async search(query, signal) {
      const what = 'a symbol search';
      const parsed = finnhubSearch.safeParse(await getJson('/search', { q: query }, what, Math.max(maxBytes, SEARCH_MAX_BYTES), signal));
      if (!parsed.success) throw new MarketDataError('bad_payload', `finnhub's answer for ${what} is not a list of symbols`);
      return parsed.data.result.map((r) => ({ symbol: r.symbol, description: r.description, type: r.type }) satisfies Instrument);
    },
  };
}

async function readCapped(res: Response, maxBytes: number, what: string, timeout: AbortSignal) {
  let body: Buffer<ArrayBuffer> | 'too_large';
  try {
    body = await readCappedBody(res, maxBytes);
  } catch {
    if (timeout.aborted) throw new MarketDataError('timeout', `finnhub's answer for ${what} did not arrive in time`);
    throw new MarketDataError('unavailable', `finnhub's answer for ${what} was cut off`);
  }
  if (body === 'too_large') throw new MarketDataError('too_large', `finnhub's answer for ${what} is over ${maxBytes} bytes`);
  return body.toString('utf8');
}

/** The system error's code (ECONNREFUSED, ENOTFOUND ...), never its message: that may quote the request. */
function networkCode(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown; errors?: { code?: unknown }[] } })?.cause;
  const code = cause?.code ?? cause?.errors?.[0]?.code;
  return typeof code === 'string' && /^[A-Z_]{2,40}$/.test(code) ? code : 'network error';
}
