// A fake website on 127.0.0.1 serving real-looking HTML documents (tests/fakes/web-site/), for the
// tests and the bench of web answers that read their pages. Documents carry an ETag and a
// Last-Modified and answer a matching conditional request with 304; it counts what it served.
// Also a dead page (500), one that never answers in time, and one that redirects to `redirectTo`
// (a private address the app must refuse).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { listenLoopback } from './listen.js';

const DIR = new URL('./web-site/', import.meta.url);
const LAST_MODIFIED = 'Thu, 14 Mar 2024 09:00:00 GMT';

export const SITE_DOCUMENTS: Record<string, string> = Object.fromEntries(
  readdirSync(DIR)
    .filter((f) => f.endsWith('.html'))
    .map((f) => [f.replace(/\.html$/, ''), readFileSync(new URL(f, DIR), 'utf8')]),
);

export type SiteHits = { full: number; notModified: number };

export async function startWebSite(opts: { delayMs?: number; redirectTo?: string } = {}) {
  let delayMs = opts.delayMs ?? 0;
  const hits = new Map<string, SiteHits>();
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, run: () => void) => {
    if (ms <= 0) return run();
    const t = setTimeout(() => {
      timers.delete(t);
      run();
    }, ms).unref();
    timers.add(t);
  };
  const fake = await listenLoopback((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const key = req.url ?? '/';
    const count = hits.get(key) ?? { full: 0, notModified: 0 };
    hits.set(key, count);
    const doc = /^\/docs\/([\w-]+)$/.exec(path);
    if (doc && SITE_DOCUMENTS[doc[1]]) {
      const body = SITE_DOCUMENTS[doc[1]];
      const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`;
      return later(delayMs, () => {
        if (req.headers['if-none-match'] === etag) {
          count.notModified++;
          return void res.writeHead(304, { etag, 'last-modified': LAST_MODIFIED }).end();
        }
        count.full++;
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', etag, 'last-modified': LAST_MODIFIED }).end(body);
      });
    }
    count.full++;
    if (path === '/dead') return void res.writeHead(500, { 'content-type': 'text/plain' }).end('internal error');
    // Never answers: the reader's deadline must give up on it.
    if (path === '/hang') return;
    if (path === '/to-private' && opts.redirectTo) return void res.writeHead(302, { location: opts.redirectTo }).end();
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  return {
    url: fake.url,
    hostPort: new URL(fake.url).host,
    hits: (pathAndQuery: string): SiteHits => hits.get(pathAndQuery) ?? { full: 0, notModified: 0 },
    setDelay: (ms: number) => {
      delayMs = ms;
    },
    close: async () => {
      for (const t of timers) clearTimeout(t);
      await fake.close();
    },
  };
}
