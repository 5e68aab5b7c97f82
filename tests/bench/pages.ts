// A link's page read (extractPage: linkedom over htmlparser2, then its text), for hostile
// nesting: 45,000 <div><span> pairs nested inside each other, against ten times a page nested a
// tenth as deep, in the same run: equal when reading grows linearly with depth. Figures only: the
// page is read in a worker with a 30 s limit (services/spaces/links/extract-in-worker.ts), and
// parsing nested tags was quadratic before htmlparser2 was patched (patches/htmlparser2+10.1.0.patch).
import { extractPage } from '../../services/spaces/links/extract.js';
import type { FetchedPage } from '../../services/spaces/links/safe-fetch.js';
import { fmt, medianMs, type Row } from './util.js';

const PAIRS = 45_000;
const ROUNDS = 5;
const page = (body: string): FetchedPage => ({
  url: 'http://bench.test/page',
  contentType: 'text/html',
  body: `<!doctype html><html><head><title>Lamps</title></head><body>${body}</body></html>`,
});
const nested = (pairs: number) => page(`${'<div><span>'.repeat(pairs)}deep lamp${'</span></div>'.repeat(pairs)}`);
const DEEP = nested(PAIRS);
const TENTH = nested(PAIRS / 10);

export async function benchPages(): Promise<Row[]> {
  const tenth = await medianMs(ROUNDS, () => extractPage(TENTH), false);
  const deep = await medianMs(ROUNDS, () => extractPage(DEEP), false);
  return [
    {
      bench: `pages, ${fmt(DEEP.body.length / 1024)} KB of markup nested ${fmt(2 * PAIRS)} elements deep`,
      metric: `extractPage ms, median of ${ROUNDS}`,
      measured: `${fmt(deep)} ms`,
      baseline: `${fmt(10 * tenth)} ms: 10 × ${fmt(tenth, 1)} ms for a tenth as deep`,
      ratio: `x${fmt(deep / (10 * tenth), 2)}`,
      budget: '(figure only)',
      verdict: '',
    },
  ];
}
