// What other parts use of the tasks (docs/architecture.md: a domain is used only through its index.ts).
export { tasksProjection } from './projections.js';
export { taskRedactors } from './erasure.js';
export { tasksExport } from './export.js';
export { taskRoutes } from './routes.js';
export { activePriceAlerts, type ActivePriceAlert } from './queries.js';
export type { TasksContext, TaskRuns, StartTaskRun } from './context.js';
export type { TaskRunSucceeded, TaskRunFailed } from './events.js';
export { createScheduler, type Scheduler } from './scheduler.js';
export { taskThreadUuid, runEntryUuid, type TaskRunDeps, type RunAnswers } from './run.js';
export { startTaskRun } from './start-run.js';
export { answerOutcome, askQuestion, beginRun, endRun, untilAnswered } from './run.js';
export { priceAlertsBackground, taskSchedulerBackground } from './background.js';
export { shortcutsMatching } from './shortcuts-matching.js';
