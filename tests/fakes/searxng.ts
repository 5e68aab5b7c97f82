// A fake SearXNG JSON API (GET /search?q=…&format=json), for tests only. Answers every query
// with the scripted results and records the queries it was asked, each with all its parameters
// (`requests`: q, categories, time_range, …). The results may depend on the query (a function of
// `q`), for several searches of one answer (Pro Search).
import { listenLoopback } from './listen.js';

export type SearxResult = { url: string; title: string; content: string; publishedDate?: string | null };

type Scripted = SearxResult[] | ((q: string) => SearxResult[]);

export async function startSearxngFake(initial: Scripted = []) {
  let scripted = initial;
  const queries: string[] = [];
  const requests: Record<string, string>[] = [];
  const fake = await listenLoopback((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || url.pathname !== '/search' || url.searchParams.get('format') !== 'json') {
      res.writeHead(403, { 'content-type': 'text/plain' }).end('format not allowed');
      return;
    }
    const q = url.searchParams.get('q') ?? '';
    queries.push(q);
    requests.push(Object.fromEntries(url.searchParams));
    const results = typeof scripted === 'function' ? scripted(q) : scripted;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ query: q, number_of_results: results.length, results }));
  });
  return {
    ...fake,
    queries,
    requests,
    results: (next: Scripted) => {
      scripted = next;
    },
  };
}
