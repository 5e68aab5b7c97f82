// One run of a task for one occurrence, durable: its id is the task and the occurrence, so each
// occurrence runs once even across crashes and several app instances. Begin (a step: the run
// is recorded on the task, or skipped), ask (a step whose every write is keyed by the task and
// occurrence, so a recovery repeats nothing), answer and wait, end (a step
// reading the answer's outcome: succeeded or failed with the reason).
import { DBOS } from '@dbos-inc/dbos-sdk';
import { availableParallelism } from 'node:os';
import { askQuestion, beginRun, endRun, type TaskRunDeps, untilAnswered } from '../services/tasks/run.js';

const QUEUE = 'task-runs';
/**
 * Runs under way at once in one process: enough to keep the answers busy (they take turns, two
 * per core) without thousands of due runs contending for the database at the same moment.
 */
const RUNS_AT_ONCE = 8 * availableParallelism();
export const registerTaskRunQueue = () =>
  DBOS.registerQueue(QUEUE, { workerConcurrency: RUNS_AT_ONCE, minPollingIntervalMs: 100, onConflict: 'always_update' });

export type TaskRunJob = { taskId: string; occurrenceKey: string; occurrenceAt?: string; reason?: string };
export const taskRunWorkflowId = (job: { taskId: string; occurrenceKey: string }) => `task-run-${job.taskId}-${job.occurrenceKey}`;

export function registerTaskRun(deps: TaskRunDeps) {
  return DBOS.registerWorkflow(
    async (job: TaskRunJob) => {
      const run = await DBOS.runStep(() => beginRun(deps, job), { name: 'begin' });
      if (!run.run) return 'skipped' as const;
      const asked = await DBOS.runStep(() => askQuestion(deps, run, job), { name: 'ask' }).catch((err: unknown) => ({
        failed: { ok: false as const, reason: err instanceof Error ? err.message : String(err) },
      }));
      // Not in a step: starting the answer may start its own workflow (a child of this one),
      // and both the start and the wait are safe to repeat.
      if (!('failed' in asked) && asked.pending) {
        await deps.answers.start(asked.job);
        await untilAnswered(deps, asked.job.backendUuid);
      }
      // The answer's outcome is read and recorded in one step.
      const { outcome } = await DBOS.runStep(
        () => endRun(deps, { taskId: job.taskId, occurrenceKey: job.occurrenceKey, outcome: 'failed' in asked ? asked.failed : undefined }),
        { name: 'end', retriesAllowed: true, maxAttempts: 5, intervalSeconds: 1 },
      );
      return outcome.ok ? ('succeeded' as const) : ('failed' as const);
    },
    { name: 'taskRun' },
  );
}

export type TaskRunWorkflow = ReturnType<typeof registerTaskRun>;

/** Starts the occurrence's run; a second start of the same occurrence is the same workflow. */
export async function startTaskRunWorkflow(workflow: TaskRunWorkflow, job: TaskRunJob) {
  await DBOS.startWorkflow(workflow, { workflowID: taskRunWorkflowId(job), queueName: QUEUE })(job);
}
