// A large put's terms are counted in two worker processes while the database writes the rows
// counted before (write.ts): on the thread that feeds the database, counting a 10 MB CSV's terms
// took about 0.4 s of its CPU, and six files written at once took turns for it.
import { sharedWorkerPool, workerJob, type WorkerPool } from '../workers/index.js';
import { countRows, type CountedRows, type RowsToCount } from './counted-rows.js';

const job = workerJob<RowsToCount, CountedRows>(new URL('./count-terms-job.ts', import.meta.url), 'countTermsJob');

/**
 * Kept for ten minutes after their last job: a process takes a few hundred milliseconds to
 * start, about what the database takes to write a whole file's first rows.
 */
const termsPool = () => sharedWorkerPool('passage-terms', { processes: 2, limits: { timeMs: 60_000, memoryMb: 1024 }, idleTimeoutMs: 10 * 60_000 });

/** The rows counted in a worker process; counted here instead should the worker fail (the result is the same). */
export function countRowsInWorker(rows: RowsToCount, pool: WorkerPool = termsPool()): Promise<CountedRows> {
  return pool.run(job, rows).catch(() => countRows(rows));
}

/** Starts the worker processes ahead of a large put (a large file being read), so it does not wait for them. */
export function warmPassageWorkers(pool: WorkerPool = termsPool()): void {
  for (let i = 0; i < 2; i++) pool.run(job, { rows: [], seeds: [] }).catch(() => {});
}
