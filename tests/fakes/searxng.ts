// A fake SearXNG JSON API (GET /search?q=…&format=json), for tests only. Answers every query
// with the scripted results and records the queries it was asked, each with all its parameters
// (`requests`: q, categories, time_range, …).
import { listenLoopback } from './listen.js';

export type SearxResult = { url: string; title: string; content: string; publishedDate?: string | null };

export async function startSearxngFake(initial: SearxResult[] = []) {
  let results = initial;
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
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ query: q, number_of_results: results.length, results }));
  });
  return {
    ...fake,
    queries,
    requests,
    results: (next: SearxResult[]) => {
      results = next;
    },
  };
}
