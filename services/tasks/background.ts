// What the tasks run in the background (services/shared/background.ts): the scheduler that starts
// the due runs, and the price alerts' check.
import { existsSync, readFileSync } from 'node:fs';
import { marketDataFromConfig, startPriceAlertLoop } from '../market/index.js';
import type { Background, BackgroundKernel } from '../shared/background.js';
import type { TaskRuns } from './context.js';
import { activePriceAlerts } from './queries.js';
import { createScheduler } from './scheduler.js';
import { startTaskRun } from './start-run.js';

type TasksBackground = Background<BackgroundKernel & { taskRuns: TaskRuns }>;

/** Each occurrence's run is a durable workflow (the `taskRuns` port); the scheduler starts the due ones. */
export const taskSchedulerBackground: TasksBackground = {
  register:
    ({ config, db, taskRuns, logger }) =>
    () => {
      const scheduler = createScheduler({
        db,
        now: schedulerClock(config.tasks.testClockFile),
        start: (cmd) => taskRuns.start(cmd),
        onError: (err) => logger.error({ err }, 'task scheduler failed; retrying'),
      });
      scheduler.start(config.tasks.tickMs);
      return scheduler;
    },
};

/**
 * Price alerts are checked on a schedule, only with a market-data provider configured: the active
 * alerts are read here, and a firing starts the alert's run for its occurrence key (the run's
 * workflow id is task and occurrence, so a firing handed over twice runs once).
 */
export const priceAlertsBackground: TasksBackground = {
  register: (deps) => () => {
    const market = marketDataFromConfig(deps.config);
    if (!market) return null;
    const { db, store, logger } = deps;
    return startPriceAlertLoop(
      { db, store, market, now: () => new Date(), logger, activeAlerts: () => activePriceAlerts(db), fire: (firing) => startTaskRun(deps, firing) },
      { intervalMs: deps.config.priceAlertCheckMs, onError: (err) => logger.error({ err }, 'price alert check failed; retrying at the next one') },
    );
  },
};

/** The task scheduler's clock: real time, or in tests the time in TASKS_TEST_CLOCK_FILE while it is later. */
function schedulerClock(file: string | null) {
  if (!file) return () => new Date();
  return () => {
    const real = Date.now();
    const text = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
    const set = Date.parse(text);
    return new Date(Number.isFinite(set) && set > real ? set : real);
  };
}
