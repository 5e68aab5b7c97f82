// Worker threads for work on untrusted input (uploaded files, fetched pages): parsing never runs
// on the thread that answers requests, and a job past its time or memory limit has its worker
// terminated (the pool starts a fresh one) and fails with a WorkerLimitError.
import { MessageChannel, type Transferable } from 'node:worker_threads';
import Piscina from 'piscina';

export type WorkerLimits = {
  /** How long one job may run, counted from the moment its worker starts it (neither the time queued nor loading the job's module counts). */
  timeMs: number;
  /** The JavaScript heap of a worker; a job that needs more ends its worker. */
  memoryMb: number;
};

/** A function `name` exported by `module` (a file URL), taking I and returning O (or a promise of O). */
export type WorkerJob<I, O> = { readonly module: string; readonly name: string; readonly types?: (input: I) => O };

export const workerJob = <I, O>(module: URL, name: string): WorkerJob<I, O> => ({ module: module.href, name });

export type LimitKind = 'time' | 'memory';

export class WorkerLimitError extends Error {
  readonly limit: LimitKind;
  readonly limits: WorkerLimits;

  constructor(limit: LimitKind, limits: WorkerLimits) {
    super(limit === 'time' ? `The job ran longer than ${limits.timeMs} ms.` : `The job needed more than ${limits.memoryMb} MB of memory.`);
    this.name = 'WorkerLimitError';
    this.limit = limit;
    this.limits = limits;
  }
}

export type WorkerPool = {
  run<I, O>(job: WorkerJob<I, O>, input: I, transfer?: Transferable[]): Promise<O>;
  close(): Promise<void>;
};

export type WorkerPoolOptions = {
  threads: number;
  limits: WorkerLimits;
  /** A worker idle this long exits, giving back the memory its last job grew. */
  idleTimeoutMs?: number;
};

const ENTRY = new URL('./worker-entry.mjs', import.meta.url).href;

export function createWorkerPool({ threads, limits, idleTimeoutMs = 30_000 }: WorkerPoolOptions): WorkerPool {
  const piscina = new Piscina({
    filename: ENTRY,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: idleTimeoutMs,
    resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb },
    // Workers yield the CPU to the thread that serves requests when both want it.
    niceIncrement: 10,
  });

  return {
    async run<I, O>(job: WorkerJob<I, O>, input: I, transfer: Transferable[] = []): Promise<O> {
      // The worker says when it starts the job, so the time limit leaves out the wait in the queue.
      const { port1: startedPort, port2: startedSignal } = new MessageChannel();
      const abort = new AbortController();
      let timer: NodeJS.Timeout | undefined;
      startedPort.once('message', () => {
        timer = setTimeout(() => abort.abort(), limits.timeMs);
      });
      try {
        const task = { module: job.module, name: job.name, input, started: startedSignal };
        return (await piscina.run(task, { signal: abort.signal, transferList: [startedSignal, ...transfer] as never })) as O;
      } catch (error) {
        // Aborting a running task terminates its worker.
        if (abort.signal.aborted) throw new WorkerLimitError('time', limits);
        if ((error as { code?: string } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY') throw new WorkerLimitError('memory', limits);
        throw error;
      } finally {
        clearTimeout(timer);
        startedPort.close();
      }
    },
    close: () => piscina.close({ force: true }),
  };
}
