// An agent task the browser extension started (seed 003 §4 Agent task lifecycle), one stream per
// task: started, each step recorded, paused and resumed, an action waiting for the person's
// confirmation and their answer, and its end (completed, stopped or failed).
import type { StoredEvent } from '../eventstore/types.js';

export const CONFIRMATION_REASONS = ['spends_money', 'sends_message', 'submits_personal_data', 'leaves_task_sites'] as const;
export type ConfirmationReason = (typeof CONFIRMATION_REASONS)[number];
export type AgentTaskStatus = 'running' | 'paused' | 'awaiting_confirmation' | 'completed' | 'stopped' | 'failed';

type Ref = { task_uuid: string; owner_id: string };
export type AgentTaskStarted = { type: 'AgentTaskStarted'; data: Ref & { task: string; url: string; extension_version: string; started_at: string } };
export type AgentStepRecorded = {
  type: 'AgentStepRecorded';
  /** round_trip_ms: a browser request's, from its send until the task had the reply (absent on steps without one, and before it was kept). */
  data: Ref & { step: number; method: string; summary: string; error: string | null; round_trip_ms?: number; tool_call?: AgentToolCall; at: string };
};
/** A call to one of the person's tools (services/tools), as the task keeps it: what was asked and what came back. */
export type AgentToolCall = {
  call_id: string;
  server_name: string;
  tool_name: string;
  arguments: unknown;
  status: string;
  result: string | null;
};
/** A screenshot the extension took for a step, kept with the task (base64, bounded by SCREENSHOT_KEEP_MAX_CHARS). */
export type AgentScreenshotKept = {
  type: 'AgentScreenshotKept';
  data: Ref & { step: number; media_type: string; width: number; height: number; data: string; at: string };
};
export type AgentTaskPaused = { type: 'AgentTaskPaused'; data: Ref & { at: string } };
export type AgentTaskResumed = { type: 'AgentTaskResumed'; data: Ref & { at: string } };
export type AgentConfirmationRequested = {
  type: 'AgentConfirmationRequested';
  data: Ref & { step: number; method: string; reason: ConfirmationReason; description: string; at: string };
};
export type AgentActionConfirmed = { type: 'AgentActionConfirmed'; data: Ref & { step: number; approved: boolean; at: string } };
export type AgentTaskCompleted = { type: 'AgentTaskCompleted'; data: Ref & { summary: string; at: string } };
export type AgentTaskStopped = { type: 'AgentTaskStopped'; data: Ref & { at: string } };
export type AgentTaskFailed = { type: 'AgentTaskFailed'; data: Ref & { message: string; at: string } };

export type AgentEvent =
  | AgentTaskStarted
  | AgentStepRecorded
  | AgentScreenshotKept
  | AgentTaskPaused
  | AgentTaskResumed
  | AgentConfirmationRequested
  | AgentActionConfirmed
  | AgentTaskCompleted
  | AgentTaskStopped
  | AgentTaskFailed;

export const AGENT_EVENTS = [
  'AgentTaskStarted',
  'AgentStepRecorded',
  'AgentScreenshotKept',
  'AgentTaskPaused',
  'AgentTaskResumed',
  'AgentConfirmationRequested',
  'AgentActionConfirmed',
  'AgentTaskCompleted',
  'AgentTaskStopped',
  'AgentTaskFailed',
] as const satisfies readonly AgentEvent['type'][];

export const agentTaskStream = (taskUuid: string) => `agent-task-${taskUuid}`;

export type PendingConfirmation = { step: number; method: string; reason: ConfirmationReason; description: string };
export type AgentTaskState = {
  task: null | {
    owner_id: string;
    status: AgentTaskStatus;
    /** Steps recorded; the next step's number. */
    steps: number;
    /** Failed steps in a row, reset by one that succeeds. */
    consecutive_failures: number;
    pending: PendingConfirmation | null;
    /** The answers given, by step: a step decided once stays decided. */
    confirmed: Readonly<Record<number, boolean>>;
  };
};
export const initialAgentTask: AgentTaskState = { task: null };

export const FINISHED: readonly AgentTaskStatus[] = ['completed', 'stopped', 'failed'];

export function evolveAgentTask(state: AgentTaskState, event: StoredEvent | AgentEvent): AgentTaskState {
  const e = event as AgentEvent;
  if (e.type === 'AgentTaskStarted')
    return { task: { owner_id: e.data.owner_id, status: 'running', steps: 0, consecutive_failures: 0, pending: null, confirmed: {} } };
  const t = state.task;
  if (!t) return state;
  switch (e.type) {
    case 'AgentStepRecorded':
      return { task: { ...t, steps: e.data.step + 1, consecutive_failures: e.data.error ? t.consecutive_failures + 1 : 0 } };
    case 'AgentTaskPaused':
      return { task: { ...t, status: 'paused' } };
    case 'AgentTaskResumed':
      return { task: { ...t, status: t.pending ? 'awaiting_confirmation' : 'running' } };
    case 'AgentConfirmationRequested': {
      const { step, method, reason, description } = e.data;
      return { task: { ...t, status: t.status === 'paused' ? 'paused' : 'awaiting_confirmation', pending: { step, method, reason, description } } };
    }
    case 'AgentActionConfirmed':
      return {
        task: { ...t, status: t.status === 'paused' ? 'paused' : 'running', pending: null, confirmed: { ...t.confirmed, [e.data.step]: e.data.approved } },
      };
    case 'AgentTaskCompleted':
      return { task: { ...t, status: 'completed', pending: null } };
    case 'AgentTaskStopped':
      return { task: { ...t, status: 'stopped', pending: null } };
    case 'AgentTaskFailed':
      return { task: { ...t, status: 'failed', pending: null } };
    default:
      return state;
  }
}
