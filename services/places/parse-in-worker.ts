// The geocoder's answers are parsed in a worker process with time and memory limits
// (services/workers): a hostile payload ends its process, not the server's.
import { sharedWorkerPool, workerJob } from '../workers/index.js';
import type { Place } from './place.js';

const job = workerJob<string, Place[]>(new URL('./parse-places-job.ts', import.meta.url), 'parsePlacesJob');
const pool = () => sharedWorkerPool('geocoder-answers', { processes: 1, limits: { timeMs: 5_000, memoryMb: 256 }, idleTimeoutMs: 10 * 60_000 });

export function parsePlacesInWorker(json: string): Promise<Place[]> {
  return pool().run(job, json);
}
