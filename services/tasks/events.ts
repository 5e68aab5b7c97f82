// A person's tasks (seed 003 §3 Task draft, §4 Tasks), one stream per task: created (a copy is
// created from another), updated, paused, resumed, deleted; and each run, started then
// succeeded or failed, or skipped when the task could not run.
import type { StoredEvent } from '../eventstore/types.js';
import type { Schedule } from './schedule.js';

export const TASK_TYPES = ['SCHEDULE', 'ALERT', 'SHORTCUT'] as const;
export type TaskType = (typeof TASK_TYPES)[number];
export type TaskStatus = 'ACTIVE' | 'PAUSED';
export const ALERT_TYPES = ['STOCK_PRICE_TARGET', 'STOCK_PRICE_MOVEMENT'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export type TaskQuery = { prompt: string; search_model: string; sources: string[] };
/** A price alert: a target price (in US dollars) or a move in percent, both bounds optional but one. */
export type TaskAlert =
  | { alert_type: 'STOCK_PRICE_TARGET'; symbol: string; price: number; currency: 'usd' }
  | { alert_type: 'STOCK_PRICE_MOVEMENT'; symbol: string; value_lower_bound: number | null; value_upper_bound: number | null };

/**
 * Seed 003's task draft `notificationSettings`: the channels the task's runs may notify on. Each
 * narrows the person's own preferences (off here is off; on here follows the preference).
 */
export type TaskNotificationSettings = { should_send_email: boolean; should_send_in_app: boolean; should_send_push: boolean };
export const ALL_CHANNELS: TaskNotificationSettings = { should_send_email: true, should_send_in_app: true, should_send_push: true };

/** What a task is, as created or updated. */
export type TaskDefinition = {
  type: TaskType;
  title: string;
  query: TaskQuery;
  schedule: Schedule | null;
  /** When a scheduled task stops running; null: never. */
  expires_at: string | null;
  alert: TaskAlert | null;
  /** The next scheduled run; null for alerts, shortcuts and schedules that have ended. */
  next_run_at: string | null;
  /** Absent in tasks recorded before it was: every channel. */
  notification_settings?: TaskNotificationSettings;
};

export type TaskCreated = {
  type: 'TaskCreated';
  data: TaskDefinition & { task_id: string; owner_id: string; copied_from: string | null; created_at: string };
};
export type TaskUpdated = { type: 'TaskUpdated'; data: TaskDefinition & { task_id: string; owner_id: string; updated_at: string } };
export type TaskPaused = { type: 'TaskPaused'; data: { task_id: string; owner_id: string; paused_at: string } };
export type TaskResumed = { type: 'TaskResumed'; data: { task_id: string; owner_id: string; next_run_at: string | null; resumed_at: string } };
export type TaskDeleted = { type: 'TaskDeleted'; data: { task_id: string; owner_id: string; deleted_at: string } };
export type TaskRunStarted = {
  type: 'TaskRunStarted';
  data: {
    task_id: string;
    owner_id: string;
    occurrence_key: string;
    /** The run after this one: a scheduler never picks this occurrence again. */
    next_run_at: string | null;
    started_at: string;
  };
};
export type TaskRunSucceeded = {
  type: 'TaskRunSucceeded';
  data: RunEnd & { thread_slug: string; context_uuid: string };
};
export type TaskRunFailed = {
  type: 'TaskRunFailed';
  data: RunEnd & { reason: string };
};
/** What every run's end says; `task_type` (absent from runs recorded before it was) lets readers tell an alert's run. */
type RunEnd = {
  task_id: string;
  owner_id: string;
  title: string;
  task_type?: TaskType;
  occurrence_key: string;
  finished_at: string;
  /** The task's channels when the run ended (absent before they were kept: every channel). */
  notification_settings?: TaskNotificationSettings;
};
/** An occurrence that came while the task could not run (paused, deleted or expired): skipped, and the next one set. */
export type TaskRunSkipped = {
  type: 'TaskRunSkipped';
  data: { task_id: string; owner_id: string; occurrence_key: string; reason: string; next_run_at: string | null; skipped_at: string };
};

export type TaskEvent = TaskCreated | TaskUpdated | TaskPaused | TaskResumed | TaskDeleted | TaskRunStarted | TaskRunSucceeded | TaskRunFailed | TaskRunSkipped;

export const TASK_EVENTS = [
  'TaskCreated',
  'TaskUpdated',
  'TaskPaused',
  'TaskResumed',
  'TaskDeleted',
  'TaskRunStarted',
  'TaskRunSucceeded',
  'TaskRunFailed',
  'TaskRunSkipped',
] as const satisfies readonly TaskEvent['type'][];

export const taskStream = (taskId: string) => `task-${taskId}`;

export type TaskState = {
  task: (TaskDefinition & { task_id: string; owner_id: string; status: TaskStatus }) | null;
  deleted: boolean;
  /** Occurrences started, and how each ended (undefined while running). */
  runs: Readonly<Record<string, 'running' | 'succeeded' | 'failed'>>;
};
export const initialTask: TaskState = { task: null, deleted: false, runs: {} };

export function evolveTask(state: TaskState, event: StoredEvent | TaskEvent): TaskState {
  const e = event as TaskEvent;
  switch (e.type) {
    case 'TaskCreated': {
      const { copied_from: _c, created_at: _at, ...def } = e.data;
      return { ...state, task: { ...def, status: 'ACTIVE' } };
    }
    case 'TaskUpdated': {
      if (!state.task) return state;
      const { updated_at: _at, ...def } = e.data;
      return { ...state, task: { ...state.task, ...def } };
    }
    case 'TaskPaused':
      return state.task ? { ...state, task: { ...state.task, status: 'PAUSED' } } : state;
    case 'TaskResumed':
      return state.task ? { ...state, task: { ...state.task, status: 'ACTIVE', next_run_at: e.data.next_run_at } } : state;
    case 'TaskDeleted':
      return { ...state, deleted: true };
    case 'TaskRunStarted':
      return {
        ...state,
        task: state.task && { ...state.task, next_run_at: e.data.next_run_at },
        runs: { ...state.runs, [e.data.occurrence_key]: 'running' },
      };
    case 'TaskRunSucceeded':
      return { ...state, runs: { ...state.runs, [e.data.occurrence_key]: 'succeeded' } };
    case 'TaskRunFailed':
      return { ...state, runs: { ...state.runs, [e.data.occurrence_key]: 'failed' } };
    case 'TaskRunSkipped':
      return { ...state, task: state.task && { ...state.task, next_run_at: e.data.next_run_at } };
    default:
      return state;
  }
}
