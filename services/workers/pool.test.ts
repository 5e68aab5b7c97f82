import { afterAll, describe, expect, test } from 'vitest';
import { createWorkerPool, WorkerLimitError, workerJob } from './pool.js';
import type * as jobs from './test-jobs.js';

const module = new URL('./test-jobs.ts', import.meta.url);
const double = workerJob<number, number>(module, 'double' satisfies keyof typeof jobs);
const refuse = workerJob<string, never>(module, 'refuse' satisfies keyof typeof jobs);
const spin = workerJob<void, never>(module, 'spin' satisfies keyof typeof jobs);
const hoard = workerJob<void, never>(module, 'hoard' satisfies keyof typeof jobs);
const growOneArray = workerJob<void, never>(module, 'growOneArray' satisfies keyof typeof jobs);
const crash = workerJob<void, never>(module, 'crash' satisfies keyof typeof jobs);
const bytesLength = workerJob<Uint8Array, number>(module, 'bytesLength' satisfies keyof typeof jobs);

// One process each, so a job after a killed one proves the process was replaced.
const pool = createWorkerPool({ processes: 1, limits: { timeMs: 500, memoryMb: 512 } });
// Time enough to reach the memory limit on a busy machine.
const small = createWorkerPool({ processes: 1, limits: { timeMs: 60_000, memoryMb: 32 } });
afterAll(() => Promise.all([pool.close(), small.close()]));

describe('a worker pool', () => {
  test('runs a TypeScript job in a worker and hands back its result', async () => {
    expect(await pool.run(double, 21)).toBe(42);
    expect(await pool.run(bytesLength, new Uint8Array(1000))).toBe(1000);
  });

  test("passes a job's error on, and the next job still runs", async () => {
    await expect(pool.run(refuse, 'no thanks')).rejects.toThrow('no thanks');
    expect(await pool.run(double, 2)).toBe(4);
  });

  test('ends a job that runs past its time, and replaces the worker', async () => {
    const error = await pool.run(spin, undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerLimitError);
    expect(error).toMatchObject({ limit: 'time', message: 'The job ran longer than 500 ms.' });
    expect(await pool.run(double, 3)).toBe(6);
  });

  test('ends a job that needs more memory than allowed, and replaces the worker', async () => {
    const error = await small.run(hoard, undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerLimitError);
    expect(error).toMatchObject({ limit: 'memory', message: 'The job needed more than 32 MB of memory.' });
    expect(await small.run(double, 4)).toBe(8);
  });

  test('ends a job that grows one array past the limit, which would abort a worker thread’s whole process', async () => {
    const error = await small.run(growOneArray, undefined).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'WorkerLimitError', limit: 'memory' });
    expect(await small.run(double, 5)).toBe(10);
  });

  test('fails a job whose process crashes, and the next job still runs', async () => {
    await expect(pool.run(crash, undefined)).rejects.toThrow('The worker process ended while running the job (SIGABRT).');
    expect(await pool.run(double, 6)).toBe(12);
  });

  test('keeps the calling thread free while a job spins', async () => {
    const spinning = pool.run(spin, undefined).catch(() => 'ended');
    // Timers on this thread keep firing while the worker is busy.
    let ticks = 0;
    await new Promise<void>((resolve) => {
      const tick = setInterval(() => {
        if (++ticks === 5) {
          clearInterval(tick);
          resolve();
        }
      }, 10);
    });
    expect(ticks).toBe(5);
    expect(await spinning).toBe('ended');
  });
});
