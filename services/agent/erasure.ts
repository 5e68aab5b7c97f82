// The agent's tasks in the log (docs/data-rights.md): the task, the pages it went to, what each
// step did and the summaries are the person's.
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
  AgentStepRecorded: redact<'AgentStepRecorded'>((d) => ({ ...d, summary: '', error: d.error === null ? null : '' })),
  AgentConfirmationRequested: redact<'AgentConfirmationRequested'>((d) => ({ ...d, description: '' })),
  AgentTaskCompleted: redact<'AgentTaskCompleted'>((d) => ({ ...d, summary: '' })),
  AgentTaskFailed: redact<'AgentTaskFailed'>((d) => ({ ...d, message: '' })),
};
