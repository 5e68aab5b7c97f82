// Worker processes for work on untrusted input (uploaded files, fetched pages): parsing never runs
// in the process that answers requests. A job past its time limit has its process killed, a job
// past its memory limit ends its process, and either fails with a WorkerLimitError; the pool
// starts a fresh process for the next job.
//
// Processes, not worker threads: V8 enforces a worker thread's heap limit only on a best effort,
// and some allocations (one array grown past the limit) abort the whole process instead
// (nodejs/node#47224), which a hostile file must not be able to do to the server.
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';

export type WorkerLimits = {
  /**
   * How long one job may run, counted from the moment its process starts it (neither the time
   * queued nor loading the job's module counts). A job that used less than half of it in CPU
   * (its process was kept waiting by a busy machine: parsers run at a lower priority) gets more,
   * up to STARVED_CAP times it in all: only a job that works that long is ended.
   */
  timeMs: number;
  /** The JavaScript heap of a worker process; a job that needs more ends its process. */
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
  run<I, O>(job: WorkerJob<I, O>, input: I): Promise<O>;
  close(): Promise<void>;
};

export type WorkerPoolOptions = {
  /** How many jobs run at once, each in its own process. */
  processes: number;
  limits: WorkerLimits;
  /** A process idle this long exits, giving back the memory its last job grew. */
  idleTimeoutMs?: number;
};

const ENTRY = fileURLToPath(new URL('./process-entry.mjs', import.meta.url));
/** Parsers yield the CPU to the process that serves requests when both want it. */
const NICE = 10;
/** A starved job's wall time is capped at this many times its limit. */
const STARVED_CAP = 4;
/** The granularity of a process's CPU time in /proc (Linux's USER_HZ). */
const TICK_MS = 10;
/** How much of a process's last words are kept, to tell running out of memory from other crashes. */
const STDERR_TAIL = 4096;

type Task = { job: { module: string; name: string }; input: unknown; resolve: (output: unknown) => void; reject: (error: unknown) => void };
type Reply = { kind: 'started' } | { kind: 'done'; output: unknown } | { kind: 'failed'; name: string; message: string };
type Worker = {
  child: ChildProcess;
  stderr: string;
  task?: Task;
  timer?: NodeJS.Timeout;
  idle?: NodeJS.Timeout;
  timedOut?: boolean;
  /** When the job started: the wall clock, and its process's CPU time (null where /proc is not there). */
  startedAt?: { wallMs: number; cpuMs: number | null };
};

/** A process's CPU time (user and system) in milliseconds, from /proc on Linux; null elsewhere or when it has gone. */
export function cpuTimeMs(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

/**
 * Whether a job past its time limit is ended now, or given `moreMs`: a job that used at least half
 * of the limit in CPU is ended; one that used less (starved by a busy machine) waits on, up to
 * STARVED_CAP times the limit in all. Without a CPU figure, it is ended.
 */
export function overTime(input: { limitMs: number; wallMs: number; cpuMs: number | null }): { end: true } | { end: false; moreMs: number } {
  const { limitMs, wallMs, cpuMs } = input;
  if (cpuMs === null || cpuMs + TICK_MS >= limitMs / 2 || wallMs >= STARVED_CAP * limitMs) return { end: true };
  return { end: false, moreMs: Math.max(TICK_MS, Math.min(limitMs - cpuMs, STARVED_CAP * limitMs - wallMs)) };
}

export function createWorkerPool({ processes, limits, idleTimeoutMs = 30_000 }: WorkerPoolOptions): WorkerPool {
  const queue: Task[] = [];
  const workers = new Set<Worker>();
  let closed = false;

  function start(): Worker {
    const child = fork(ENTRY, [], {
      execArgv: [`--max-old-space-size=${limits.memoryMb}`],
      // The parser needs none of the server's secrets; a parser that is made to misbehave finds none.
      env: { PATH: process.env.PATH ?? '', NODE_ENV: process.env.NODE_ENV ?? 'production', TMPDIR: process.env.TMPDIR ?? '/tmp' },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    const worker: Worker = { child, stderr: '' };
    workers.add(worker);
    if (child.pid) setPriority(child.pid, NICE);
    child.stderr?.setEncoding('utf8').on('data', (text: string) => {
      worker.stderr = (worker.stderr + text).slice(-STDERR_TAIL);
    });
    child.on('message', (reply: Reply) => onReply(worker, reply));
    child.on('exit', (code, signal) => onExit(worker, code, signal));
    child.on('error', () => {}); // a failed spawn or send also ends in 'exit', which fails the task
    return worker;
  }

  function onReply(worker: Worker, reply: Reply) {
    const task = worker.task;
    if (!task) return;
    if (reply.kind === 'started') {
      worker.startedAt = { wallMs: performance.now(), cpuMs: cpuTimeMs(worker.child.pid) };
      worker.timer = setTimeout(() => checkTime(worker), limits.timeMs);
      return;
    }
    finish(worker);
    if (reply.kind === 'done') task.resolve(reply.output);
    else task.reject(Object.assign(new Error(reply.message), { name: reply.name }));
    worker.idle = setTimeout(() => worker.child.kill(), idleTimeoutMs);
    next();
  }

  function checkTime(worker: Worker) {
    const started = worker.startedAt!;
    const cpuNow = started.cpuMs === null ? null : cpuTimeMs(worker.child.pid);
    const verdict = overTime({ limitMs: limits.timeMs, wallMs: performance.now() - started.wallMs, cpuMs: cpuNow === null ? null : cpuNow - started.cpuMs! });
    if (!verdict.end) {
      worker.timer = setTimeout(() => checkTime(worker), verdict.moreMs);
      return;
    }
    worker.timedOut = true;
    worker.child.kill('SIGKILL');
  }

  function onExit(worker: Worker, code: number | null, signal: NodeJS.Signals | null) {
    workers.delete(worker);
    clearTimeout(worker.idle);
    const task = worker.task;
    if (!task) return;
    finish(worker);
    if (worker.timedOut) task.reject(new WorkerLimitError('time', limits));
    else if (/out of memory/i.test(worker.stderr)) task.reject(new WorkerLimitError('memory', limits));
    else if (closed) task.reject(new Error('The worker pool was closed while the job ran.'));
    else task.reject(new Error(`The worker process ended while running the job (${signal ?? `exit code ${code}`}).`));
    next();
  }

  function finish(worker: Worker) {
    clearTimeout(worker.timer);
    worker.task = undefined;
  }

  function next() {
    while (!closed && queue.length > 0) {
      const worker = [...workers].find((w) => !w.task) ?? (workers.size < processes ? start() : undefined);
      if (!worker) return;
      const task = queue.shift()!;
      clearTimeout(worker.idle);
      worker.task = task;
      worker.child.send({ module: task.job.module, name: task.job.name, input: task.input });
    }
  }

  return {
    run<I, O>(job: WorkerJob<I, O>, input: I): Promise<O> {
      if (closed) return Promise.reject(new Error('The worker pool is closed.'));
      return new Promise<O>((resolve, reject) => {
        queue.push({ job, input, resolve: resolve as (output: unknown) => void, reject });
        next();
      });
    },
    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new Error('The worker pool was closed before the job ran.'));
      const exits = [...workers].map((worker) => new Promise((resolve) => worker.child.once('exit', resolve)));
      for (const worker of workers) worker.child.kill('SIGKILL');
      await Promise.all(exits);
    },
  };
}
