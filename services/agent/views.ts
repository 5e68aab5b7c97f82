// A task as the API answers it (spec/components/schemas/AgentTask.yaml).
import type { AgentTask } from '../../generated/sdk/types.gen.js';
import type { AgentStepRow, AgentTaskRow } from './queries.js';

type ScreenshotType = NonNullable<AgentTask['steps'][number]['screenshot']>['media_type'];

const iso = (d: Date | string) => new Date(d).toISOString();

export const agentTaskView = (row: AgentTaskRow, steps: AgentStepRow[]): AgentTask => ({
  task_uuid: row.task_uuid,
  task: row.task,
  status: row.status,
  url: row.url,
  steps: steps.map((s) => ({
    step: s.step,
    method: s.method,
    summary: s.summary,
    error: s.error,
    at: iso(s.at),
    screenshot: s.screenshot_media_type
      ? { media_type: s.screenshot_media_type as ScreenshotType, width: s.screenshot_width ?? 1, height: s.screenshot_height ?? 1 }
      : null,
  })),
  pending_confirmation: row.pending_confirmation,
  summary: row.summary,
  failure: row.failure,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});
