// One pool per kind of work for the whole process, started on first use and closed when the app
// stops (services/app/runtime.ts), so domains need no pool passed through their call chains.
import { createWorkerPool, type WorkerPool, type WorkerPoolOptions } from './pool.js';

const pools = new Map<string, WorkerPool>();

export function sharedWorkerPool(name: string, options: WorkerPoolOptions): WorkerPool {
  let pool = pools.get(name);
  if (!pool) {
    pool = createWorkerPool(options);
    pools.set(name, pool);
  }
  return pool;
}

/** Ends every shared pool's workers (a running job fails); the next use starts a fresh pool. */
export async function closeWorkerPools(): Promise<void> {
  const open = [...pools.values()];
  pools.clear();
  await Promise.all(open.map((pool) => pool.close()));
}
