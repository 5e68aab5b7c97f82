// The agent's tasks in the log (docs/data-rights.md): the task, the pages it went to, what each
// step did (its tool calls' arguments and results), its screenshots and the summaries are the person's.
import type { Redactor, Redactors } from '../eventstore/erasure.js';
import type { AgentEvent } from './events.js';

type Data<T extends AgentEvent['type']> = Extract<AgentEvent, { type: T }>['data'];
const theirs = (d: { owner_id: string }, userId: string) => d.owner_id === userId;
const redact =
  <T extends AgentEvent['type']>(blank: (d: Data<T>) => Data<T>): Redactor =>
  (e, p) =>
    theirs(e.data as Data<T>, p.userId) ? blank(e.data as Data<T>) : undefined;

export const agentRedactors: Redactors = {
  AgentTaskStarted: redact<'AgentTaskStarted'>((d) => ({ ...d, task: '', url: '' })),
  AgentStepRecorded: redact<'AgentStepRecorded'>((d) => ({
    ...d,
    summary: '',
    error: d.error === null ? null : '',
    ...(d.tool_call ? { tool_call: { ...d.tool_call, arguments: {}, result: d.tool_call.result === null ? null : '' } } : {}),
  })),
  AgentScreenshotKept: redact<'AgentScreenshotKept'>((d) => ({ ...d, data: '' })),
  AgentConfirmationRequested: redact<'AgentConfirmationRequested'>((d) => ({ ...d, description: '' })),
  AgentTaskCompleted: redact<'AgentTaskCompleted'>((d) => ({ ...d, summary: '' })),
  AgentTaskFailed: redact<'AgentTaskFailed'>((d) => ({ ...d, message: '' })),
};
