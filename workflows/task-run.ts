// One run of a task for one occurrence, durable: its id is the task and the occurrence, so each
// occurrence runs once even across crashes and several app instances. Begin (the run is
// recorded on the task, or skipped), ask (every write keyed by the task and occurrence), answer
// and wait, end (the answer's outcome recorded: succeeded or failed with the reason).
//
// No step is recorded: each part is a decision on the task or the thread that, repeated, does
// what it did the first time or nothing (a begun run begins again as running, an asked entry is
// not asked again, an ended run does not end twice). A run recovered after a crash starts over
// and carries on where the first attempt stopped. Recording the three steps cost about 24 of the
// 124 database round trips of a run, measured with 2,000 runs due at once.
import { DBOS } from '@dbos-inc/dbos-sdk';
import { availableParallelism } from 'node:os';
import { answerOutcome, askQuestion, beginRun, endRun, type TaskRunDeps, untilAnswered } from '../services/tasks/index.js';
import type { AnswerJob } from '../services/threads/index.js';
import { QUEUE_IDLE_POLL_MS } from './queue-polling.js';

const QUEUE = 'task-runs';
/** Tries at recording the run's end before its workflow fails. */
const END_ATTEMPTS = 5;
/**
 * Runs under way at once in one process: enough to keep the answers busy (they take turns, two
 * per core) without thousands of due runs contending for the database at the same moment.
 */
const RUNS_AT_ONCE = 8 * availableParallelism();
// Polled once a second while idle: runs due here are enqueued here, and a run that ends frees its place, each of which
// wakes the queue's poll (queue-polling.ts).
export const registerTaskRunQueue = () =>
  DBOS.registerQueue(QUEUE, { workerConcurrency: RUNS_AT_ONCE, minPollingIntervalMs: QUEUE_IDLE_POLL_MS, onConflict: 'always_update' });

export type TaskRunJob = { taskId: string; occurrenceKey: string; occurrenceAt?: string; reason?: string };
export const taskRunWorkflowId = (job: { taskId: string; occurrenceKey: string }) => `task-run-${job.taskId}-${job.occurrenceKey}`;

export function registerTaskRun(deps: TaskRunDeps) {
  return DBOS.registerWorkflow(
    async (job: TaskRunJob) => {
      const run = await beginRun(deps, job);
      if (!run.run) return 'skipped' as const;
      const asked = await askQuestion(deps, run, job).catch((err: unknown) => ({
        failed: { ok: false as const, reason: err instanceof Error ? err.message : String(err) },
      }));
      // Starting the answer may start its own workflow (a child of this one); both the start and
      // the wait are safe to repeat.
      const entry = !('failed' in asked) && asked.pending ? await answered(deps, asked.job) : undefined;
      const outcome = 'failed' in asked ? asked.failed : entry ? answerOutcome(entry) : undefined;
      return (await ended(deps, { taskId: job.taskId, occurrenceKey: job.occurrenceKey, outcome, task: run.task })).ok
        ? ('succeeded' as const)
        : ('failed' as const);
    },
    { name: 'taskRun' },
  );
}

async function answered(deps: TaskRunDeps, job: AnswerJob) {
  await deps.answers.start(job);
  return untilAnswered(deps, job.backendUuid);
}

/** The run's end, tried a few times (the database may be briefly away): a run that began ends. */
async function ended(deps: TaskRunDeps, cmd: Parameters<typeof endRun>[1]) {
  for (let attempt = 1; ; attempt++) {
    try {
      return (await endRun(deps, cmd)).outcome;
    } catch (err) {
      if (attempt >= END_ATTEMPTS) throw err;
      await new Promise((r) => setTimeout(r, 1000 * 2 ** (attempt - 1)));
    }
  }
}

export type TaskRunWorkflow = ReturnType<typeof registerTaskRun>;

/** Starts the occurrence's run; a second start of the same occurrence is the same workflow. */
export async function startTaskRunWorkflow(workflow: TaskRunWorkflow, job: TaskRunJob) {
  await DBOS.startWorkflow(workflow, { workflowID: taskRunWorkflowId(job), queueName: QUEUE })(job);
}
