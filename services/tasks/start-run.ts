// Starts the durable run of any task for an occurrence (the alerts' checker calls it when an
// alert fires, with the reason the run adds to the prompt). The run itself is
// workflows/task-run.ts, wired by services/app as the `taskRuns` port.
import type { StartTaskRun, TasksContext } from './context.js';

export function startTaskRun(deps: Pick<TasksContext, 'taskRuns'>, cmd: StartTaskRun) {
  return deps.taskRuns.start(cmd);
}
