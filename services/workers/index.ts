// Worker processes for parsing untrusted input, with per-job time and memory limits.
export { createWorkerPool, WorkerLimitError, workerJob, type LimitKind, type WorkerJob, type WorkerLimits, type WorkerPool } from './pool.js';
export { closeWorkerPools, sharedWorkerPool } from './shared-pools.js';
