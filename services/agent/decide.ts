// Pure rules of an agent task: the clock comes in with the command; each decision returns the
// events to append (none when nothing changes, so a workflow that repeats a step after a crash
// appends nothing twice) or throws an agent error.
import type { ActingUser } from '../shared/actor.js';
import { agentErrors } from './errors.js';
import {
  type AgentActionConfirmed,
  type AgentConfirmationRequested,
  type AgentScreenshotKept,
  type AgentStepRecorded,
  type AgentTaskCompleted,
  type AgentTaskFailed,
  type AgentTaskPaused,
  type AgentTaskResumed,
  type AgentTaskStarted,
  type AgentTaskState,
  type AgentTaskStopped,
  type AgentToolCall,
  type ConfirmationReason,
  FINISHED,
} from './events.js';
import { SCREENSHOT_KEEP_MAX_CHARS, SCREENSHOT_MAX_SIDE_PX, TASK_TEXT_MAX } from './limits.js';

type Task = NonNullable<AgentTaskState['task']>;
const ref = (taskUuid: string, t: { owner_id: string }) => ({ task_uuid: taskUuid, owner_id: t.owner_id });

/** The person's own task; anyone else's is not found, as an unknown one is. */
export function owned(state: AgentTaskState, userId: string): Task {
  if (!state.task || state.task.owner_id !== userId) throw agentErrors.notFound();
  return state.task;
}

const live = (t: Task) => {
  if (FINISHED.includes(t.status)) throw agentErrors.finished();
  return t;
};

export type StartInput = { taskUuid: string; task: string; url: string; extensionVersion: string };

/** A new task; the same id started again by its owner (the extension reconnecting) is no change. */
export function decideStart(state: AgentTaskState, cmd: ActingUser & StartInput): AgentTaskStarted[] {
  if (state.task) {
    if (state.task.owner_id !== cmd.userId) throw agentErrors.exists();
    return [];
  }
  const task = cmd.task.trim();
  if (!task) throw agentErrors.taskBlank();
  if ([...task].length > TASK_TEXT_MAX) throw agentErrors.taskTooLong();
  return [
    {
      type: 'AgentTaskStarted',
      data: {
        task_uuid: cmd.taskUuid,
        owner_id: cmd.userId,
        task,
        url: cmd.url,
        extension_version: cmd.extensionVersion,
        started_at: cmd.now.toISOString(),
      },
    },
  ];
}

/** Pause before the next step; a paused task stays paused. */
export function decidePause(state: AgentTaskState, cmd: ActingUser & { taskUuid: string }): AgentTaskPaused[] {
  const t = live(owned(state, cmd.userId));
  return t.status === 'paused' ? [] : [{ type: 'AgentTaskPaused', data: { ...ref(cmd.taskUuid, t), at: cmd.now.toISOString() } }];
}

export function decideResume(state: AgentTaskState, cmd: ActingUser & { taskUuid: string }): AgentTaskResumed[] {
  const t = live(owned(state, cmd.userId));
  return t.status === 'paused' ? [{ type: 'AgentTaskResumed', data: { ...ref(cmd.taskUuid, t), at: cmd.now.toISOString() } }] : [];
}

export function decideStop(state: AgentTaskState, cmd: ActingUser & { taskUuid: string }): AgentTaskStopped[] {
  const t = owned(state, cmd.userId);
  if (t.status === 'stopped') return [];
  live(t);
  return [{ type: 'AgentTaskStopped', data: { ...ref(cmd.taskUuid, t), at: cmd.now.toISOString() } }];
}

/** The person's answer to the action waiting on them: only for the step that waits. */
export function decideConfirm(state: AgentTaskState, cmd: ActingUser & { taskUuid: string; step: number; approved: boolean }): AgentActionConfirmed[] {
  const t = live(owned(state, cmd.userId));
  if (t.confirmed[cmd.step] === cmd.approved) return [];
  if (!t.pending || t.pending.step !== cmd.step) throw agentErrors.noConfirmation();
  return [{ type: 'AgentActionConfirmed', data: { ...ref(cmd.taskUuid, t), step: cmd.step, approved: cmd.approved, at: cmd.now.toISOString() } }];
}

// What the task's own workflow records. Each is keyed by the step, so a repeat is no change.

export type StepRecord = {
  taskUuid: string;
  step: number;
  method: string;
  summary: string;
  error: string | null;
  /** A browser request's round trip, from its send until the loop had the reply. */
  roundTripMs?: number;
  /** A call to one of the person's tools: kept with the step (arguments and result). */
  toolCall?: AgentToolCall;
  /** A screenshot the extension took for the step: kept with it when it is base64 within SCREENSHOT_KEEP_MAX_CHARS. */
  screenshot?: { media_type: string; width: number; height: number; data: string };
  now: Date;
};

export function decideStep(state: AgentTaskState, cmd: StepRecord): (AgentStepRecorded | AgentScreenshotKept)[] {
  const t = state.task;
  if (!t || FINISHED.includes(t.status) || cmd.step < t.steps) return [];
  const shot = cmd.screenshot && keepable(cmd.screenshot) ? cmd.screenshot : null;
  return [
    {
      type: 'AgentStepRecorded',
      data: {
        ...ref(cmd.taskUuid, t),
        step: cmd.step,
        method: cmd.method,
        summary: cmd.summary,
        error: cmd.error,
        ...(cmd.roundTripMs === undefined ? {} : { round_trip_ms: Math.round(cmd.roundTripMs) }),
        ...(cmd.toolCall ? { tool_call: cmd.toolCall } : {}),
        at: cmd.now.toISOString(),
      },
    },
    ...(shot
      ? [
          {
            type: 'AgentScreenshotKept' as const,
            data: {
              ...ref(cmd.taskUuid, t),
              step: cmd.step,
              media_type: shot.media_type,
              width: shot.width,
              height: shot.height,
              data: shot.data,
              at: cmd.now.toISOString(),
            },
          },
        ]
      : []),
  ];
}

export function decideAskConfirmation(
  state: AgentTaskState,
  cmd: { taskUuid: string; step: number; method: string; reason: ConfirmationReason; description: string; now: Date },
): AgentConfirmationRequested[] {
  const t = state.task;
  if (!t || FINISHED.includes(t.status) || t.pending?.step === cmd.step || cmd.step in t.confirmed) return [];
  const { step, method, reason, description } = cmd;
  return [{ type: 'AgentConfirmationRequested', data: { ...ref(cmd.taskUuid, t), step, method, reason, description, at: cmd.now.toISOString() } }];
}

export function decideComplete(state: AgentTaskState, cmd: { taskUuid: string; summary: string; now: Date }): AgentTaskCompleted[] {
  const t = state.task;
  if (!t || FINISHED.includes(t.status)) return [];
  return [{ type: 'AgentTaskCompleted', data: { ...ref(cmd.taskUuid, t), summary: cmd.summary, at: cmd.now.toISOString() } }];
}

export function decideFail(state: AgentTaskState, cmd: { taskUuid: string; message: string; now: Date }): AgentTaskFailed[] {
  const t = state.task;
  if (!t || FINISHED.includes(t.status)) return [];
  return [{ type: 'AgentTaskFailed', data: { ...ref(cmd.taskUuid, t), message: cmd.message, at: cmd.now.toISOString() } }];
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** Whether a screenshot may be kept: an image type, base64 only (it is shown as a data: URL), within the bound. */
function keepable(shot: NonNullable<StepRecord['screenshot']>) {
  return (
    IMAGE_TYPES.includes(shot.media_type) &&
    shot.data.length > 0 &&
    shot.data.length <= SCREENSHOT_KEEP_MAX_CHARS &&
    BASE64.test(shot.data) &&
    [shot.width, shot.height].every((n) => Number.isInteger(n) && n >= 1 && n <= SCREENSHOT_MAX_SIDE_PX)
  );
}

export type AgentBounds = { maxSteps: number; maxConsecutiveFailures: number; maxActionsPerStep: number };

/** Whether the loop may take another step, and why not: the bounds end a task as a failure. */
export function nextStepAllowed(t: Task, bounds: AgentBounds): { ok: true } | { ok: false; why: string } {
  if (t.steps >= bounds.maxSteps) return { ok: false, why: `The agent stopped after ${bounds.maxSteps} steps without finishing.` };
  if (t.consecutive_failures >= bounds.maxConsecutiveFailures)
    return { ok: false, why: `The agent stopped after ${bounds.maxConsecutiveFailures} failed steps in a row.` };
  return { ok: true };
}
