// Feeds are parsed in a worker process with time and memory limits (services/workers): a hostile
// or broken feed ends its process, not the server's.
import { sharedWorkerPool, WorkerLimitError, workerJob } from '../../workers/index.js';
import type { Catalogue } from './feed-product.js';
import { FeedError, type ParseInput } from './parse-feed.js';

const job = workerJob<ParseInput, Catalogue>(new URL('./parse-feed-job.ts', import.meta.url), 'parseFeedJob');

/** One feed at a time: a large feed's parse takes a few seconds and most of a gigabyte at worst. */
const feedPool = () => sharedWorkerPool('merchant-feeds', { processes: 1, limits: { timeMs: 120_000, memoryMb: 2048 }, idleTimeoutMs: 60_000 });

/** The feed's products; a FeedError with the reason when the feed cannot be used (its limits included). */
export async function parseFeedInWorker(input: ParseInput): Promise<Catalogue> {
  try {
    return await feedPool().run(job, input);
  } catch (err) {
    if (err instanceof WorkerLimitError) throw new FeedError(`The feed could not be read within the parser's limits: ${err.message}`);
    if ((err as Error).name === 'FeedError') throw new FeedError((err as Error).message);
    throw err;
  }
}
