// A fake of Finnhub's quote and symbol-search APIs (GET /quote?symbol=…, GET /search?q=…, key in the X-Finnhub-Token header or the
// `token` parameter, https://finnhub.io/docs/api/quote), for tests only. A test sets each symbol's
// quote and may make the fake fail: 500, a wrong key (401), an answer that never comes, a body too
// large, or one that is not a quote. A symbol it has no quote for is answered as Finnhub does: zeros.
import { listenLoopback } from './listen.js';

export type MarketFailure = 'error' | 'timeout' | 'unauthorized' | 'rate_limited' | 'oversized' | 'garbage';

export const FAKE_MARKET_KEY = 'fake-finnhub-key-0123456789';

export async function startMarketDataFake(opts: { apiKey?: string } = {}) {
  const apiKey = opts.apiKey ?? FAKE_MARKET_KEY;
  const quotes = new Map<string, { c: number; pc: number; t: number }>();
  const failures = new Map<string, MarketFailure>();
  /** The instruments /search finds, by symbol. */
  const instruments = new Map<string, { symbol: string; description: string; type: string }>();
  /** Every symbol asked for, in order (after the key was accepted). */
  const asked: string[] = [];
  /** Every request's URL as received: a test checks the key is never in one. */
  const urls: string[] = [];
  let clock = 1_764_000_000;
  const fake = await listenLoopback((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    urls.push(req.url ?? '');
    if (req.method !== 'GET' || (url.pathname !== '/quote' && url.pathname !== '/search')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
      return;
    }
    const search = url.pathname === '/search';
    const symbol = search ? 'search' : (url.searchParams.get('symbol') ?? '');
    const failure = failures.get(symbol) ?? failures.get('*');
    const token = req.headers['x-finnhub-token'] ?? url.searchParams.get('token');
    if (token !== apiKey || failure === 'unauthorized') {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"Invalid API key"}');
      return;
    }
    asked.push(symbol);
    if (failure === 'timeout') return; // never answers: only the client's timeout ends it
    if (failure === 'error') return void res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
    if (failure === 'rate_limited') return void res.writeHead(429, { 'content-type': 'application/json' }).end('{"error":"API limit reached"}');
    if (failure === 'garbage') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"c":"a lot","pc":null}');
    if (failure === 'oversized') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ c: 1, pc: 1, t: 1, padding: 'x'.repeat(64 * 1024) }));
      return;
    }
    if (search) {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const result = [...instruments.values()].filter((i) => q && (i.symbol.toLowerCase().includes(q) || i.description.toLowerCase().includes(q)));
      const found = result.map((i) => ({ ...i, displaySymbol: i.symbol }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ count: found.length, result: found }));
      return;
    }
    const q = quotes.get(symbol);
    const body = q
      ? { c: q.c, d: round(q.c - q.pc), dp: round(((q.c - q.pc) / q.pc) * 100), h: q.c, l: q.c, o: q.pc, pc: q.pc, t: q.t }
      : { c: 0, d: null, dp: null, h: 0, l: 0, o: 0, pc: 0, t: 0 };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  return {
    ...fake,
    apiKey,
    asked,
    urls,
    setQuote(symbol: string, price: number, previousClose: number) {
      quotes.set(symbol, { c: price, pc: previousClose, t: ++clock });
    },
    /** An instrument /search finds by its symbol or description (any case). */
    addInstrument(symbol: string, description: string, type = 'Common Stock') {
      instruments.set(symbol, { symbol, description, type });
    },
    /** Makes the fake fail for one symbol (the symbol search is 'search'), or every symbol with '*'; null heals it. */
    fail(symbol: string, failure: MarketFailure | null) {
      if (failure) failures.set(symbol, failure);
      else failures.delete(symbol);
    },
  };
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;
