// The scheduler: every tick, the active tasks whose next run has come (one indexed range read:
// idle tasks cost nothing) each get their occurrence's durable run, started at most once per
// occurrence here (the workflow id makes it once across instances too). A run moves the task's
// next run past the occurrence as it begins.
import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import type { Db } from '../db/database.js';
import type { StartTaskRun } from './context.js';
import { dueTasks } from './queries.js';

export type SchedulerDeps = {
  db: Db;
  /** The scheduler's clock (tests may move it ahead). */
  now: () => Date;
  start: (cmd: StartTaskRun & { occurrenceAt: string }) => Promise<void>;
  onError: (err: unknown) => void;
};

/** At most this many runs are started per tick; the rest are due at the next. */
const BATCH = 1000;
/** Starts under way at once: each is a database write, so a burst of due tasks starts in parallel. */
const STARTS_AT_ONCE = 16;

export function createScheduler(deps: SchedulerDeps) {
  // Occurrences started here whose run has not begun yet (the read model still shows them due).
  const started = new LRUCache<string, true>({ max: 50_000, ttl: 60_000 });
  let ticking: Promise<number> | null = null;

  async function once() {
    const due = await dueTasks(deps.db, deps.now(), BATCH);
    const limit = pLimit(STARTS_AT_ONCE);
    let count = 0;
    await Promise.all(
      due.map((t) =>
        limit(async () => {
          if (!t.next_run_at) return;
          const occurrenceKey = new Date(t.next_run_at).toISOString();
          const key = `${t.task_id}/${occurrenceKey}`;
          if (started.has(key)) return;
          started.set(key, true);
          try {
            await deps.start({ taskId: t.task_id, occurrenceKey, occurrenceAt: occurrenceKey });
            count++;
          } catch (err) {
            started.delete(key);
            deps.onError(err);
          }
        }),
      ),
    );
    return count;
  }

  /** One look for due runs (a tick already under way is joined, not doubled); resolves to how many it started. */
  function tick() {
    ticking ??= once().finally(() => {
      ticking = null;
    });
    return ticking;
  }

  let timer: NodeJS.Timeout | null = null;
  return {
    tick,
    start(intervalMs: number) {
      const loop = () => {
        timer = setTimeout(async () => {
          await tick().catch(deps.onError);
          if (timer) loop();
        }, intervalMs);
      };
      loop();
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      await ticking?.catch(() => {});
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
