// The tasks in the log (docs/data-rights.md): a task's title and prompt are its owner's words.
import type { Redactors } from '../eventstore/erasure.js';
import type { TaskCreated, TaskRunFailed, TaskRunSucceeded, TaskUpdated } from './events.js';

type WithWords = TaskCreated['data'] | TaskUpdated['data'];
const words = (d: WithWords) => ({ ...d, title: '', query: { ...d.query, prompt: '' } });
const theirs = (d: { owner_id: string }, userId: string) => d.owner_id === userId;

export const taskRedactors: Redactors = {
  TaskCreated: (e, p) => (theirs(e.data as WithWords, p.userId) ? words(e.data as WithWords) : undefined),
  TaskUpdated: (e, p) => (theirs(e.data as WithWords, p.userId) ? words(e.data as WithWords) : undefined),
  // The thread's slug is made from the task's title.
  TaskRunSucceeded: (e, p) =>
    theirs(e.data as TaskRunSucceeded['data'], p.userId) ? { ...(e.data as TaskRunSucceeded['data']), title: '', thread_slug: '' } : undefined,
  TaskRunFailed: (e, p) => (theirs(e.data as TaskRunFailed['data'], p.userId) ? { ...(e.data as TaskRunFailed['data']), title: '' } : undefined),
};
