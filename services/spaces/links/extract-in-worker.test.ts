import { afterAll, expect, test } from 'vitest';
import { createWorkerPool } from '../../workers/index.js';
import { extractPage } from './extract.js';
import { extractPageInWorker } from './extract-in-worker.js';
import { LinkFetchError } from './fetch-errors.js';

const pool = createWorkerPool({ processes: 1, limits: { timeMs: 60_000, memoryMb: 512 } });
// Limits no page below can meet: a millisecond to parse 1 MB of markup, a heap smaller than the parser.
const hurried = createWorkerPool({ processes: 1, limits: { timeMs: 1, memoryMb: 512 } });
const cramped = createWorkerPool({ processes: 1, limits: { timeMs: 60_000, memoryMb: 16 } });
afterAll(() => Promise.all([pool.close(), hurried.close(), cramped.close()]));

const page = (body: string) => ({ url: 'https://example.com/page', contentType: 'text/html', body });
const nested = (depth: number) => page(`<html><body>${'<div><span>'.repeat(depth)}deep${'</span></div>'.repeat(depth)}</body></html>`);
const refusal = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) => (error instanceof LinkFetchError ? error : null),
  );

test('a page read in a worker gives what extractPage gives', async () => {
  const article = page(
    `<html><head><title>Marsh</title></head><body><article>${'<p>The marsh is described here in words enough for an article.</p>'.repeat(20)}</article></body></html>`,
  );
  expect(await extractPageInWorker(article, pool)).toEqual(extractPage(article));
});

test('a page that takes longer than its time limit is refused as unreadable, and the next one is read', async () => {
  const error = await refusal(extractPageInWorker(nested(50_000), hurried));
  expect(error).toMatchObject({ code: 'link_unreadable', message: 'The page could not be read: reading it took longer than 0.001 seconds.' });
  expect((await extractPageInWorker(page('<p>Still here.</p>'), pool)).text).toBe('Still here.');
});

test('a page that needs more memory than its limit is refused as unreadable', async () => {
  const error = await refusal(extractPageInWorker(nested(50_000), cramped));
  expect(error).toMatchObject({ code: 'link_unreadable', message: 'The page could not be read: it needs more than 16 MB of memory to read.' });
});
