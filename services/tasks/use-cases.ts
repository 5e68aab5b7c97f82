// The tasks' use cases: read the task's stream, decide, append with the expected version (the
// projection writes the read model in the same transaction). A change racing another (a run
// starting while the owner pauses) decides again on the fresh state, a bounded number of times.
import type { EventStore } from '../eventstore/store.js';
import { ConcurrencyError, type NewEvent } from '../eventstore/types.js';
import { evolveTask, initialTask, type TaskEvent, type TaskState, taskStream } from './events.js';

const MAX_ATTEMPTS = 5;

/** A task's state at a version, as last read or written here. */
export type TaskCursor = { state: TaskState; version: number };

/**
 * `known`: a state this process just read or wrote, used instead of reading the stream first
 * (the append's expected version still guards it). Only for deciders whose "nothing to do"
 * stays true as the task moves on: a decision with no events is not checked.
 */
export async function changeTask<E extends NewEvent, R>(
  store: EventStore,
  taskId: string,
  decide: (state: TaskState) => { events: E[]; result: R },
  known?: TaskCursor,
) {
  const stream = taskStream(taskId);
  for (let attempt = 1; ; attempt++) {
    const { state, version } = attempt === 1 && known ? known : await store.aggregate(stream, initialTask, evolveTask);
    const { events, result } = decide(state);
    if (!events.length) return { events, result, state, version };
    try {
      const appended = await store.append(stream, version, events);
      return { events, result, state: events.reduce((s, e) => evolveTask(s, e as unknown as TaskEvent), state), version: appended.nextVersion };
    } catch (err) {
      if (!(err instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) throw err;
    }
  }
}

export const readTask = (store: EventStore, taskId: string) => store.aggregate(taskStream(taskId), initialTask, evolveTask).then((a) => a.state);
