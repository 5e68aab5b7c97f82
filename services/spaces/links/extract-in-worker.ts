// extractPage in a worker process: a fetched page is parsed outside the process that answers requests,
// within a time and a memory limit; a page past either is refused with a LinkFetchError.
import { sharedWorkerPool, WorkerLimitError, workerJob, type WorkerLimits, type WorkerPool } from '../../workers/index.js';
import type { ExtractedPage } from './extract.js';
import type { PageJobOutcome } from './extract-job.js';
import { type LinkFetchError, linkErrors } from './fetch-errors.js';
import type { FetchedPage } from './safe-fetch.js';

export const PAGE_JOB_LIMITS: WorkerLimits = { timeMs: 30_000, memoryMb: 1024 };

const job = workerJob<FetchedPage, PageJobOutcome>(new URL('./extract-job.ts', import.meta.url), 'extractPageJob');

const pagePool = () => sharedWorkerPool('page-parsing', { processes: 2, limits: PAGE_JOB_LIMITS });

/** Throws LinkFetchError (`link_unreadable`) when the page cannot be read within the limits. */
export async function extractPageInWorker(page: FetchedPage, pool: WorkerPool = pagePool()): Promise<ExtractedPage> {
  let outcome: PageJobOutcome;
  try {
    outcome = await pool.run(job, page);
  } catch (error) {
    if (error instanceof WorkerLimitError) throw unreadable(error);
    throw error;
  }
  if (!outcome.ok) throw linkErrors.unreadable('its markup could not be parsed');
  return outcome.page;
}

const unreadable = ({ limit, limits }: WorkerLimitError): LinkFetchError =>
  limit === 'time'
    ? linkErrors.unreadable(`reading it took longer than ${limits.timeMs / 1000} seconds`)
    : linkErrors.unreadable(`it needs more than ${limits.memoryMb} MB of memory to read`);
