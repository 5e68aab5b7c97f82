// What the tasks' handlers use beyond the kernel: the durable runs (workflows/task-run.ts,
// wired by services/app), started for a task and one occurrence.
import type { KernelContext } from '../shared/context.js';

export type StartTaskRun = { taskId: string; occurrenceKey: string; reason?: string };
export type TaskRuns = { start: (cmd: StartTaskRun) => Promise<void> };
export type TasksContext = KernelContext & { taskRuns: TaskRuns };
