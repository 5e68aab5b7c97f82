// The tasks' use cases: read the task's stream, decide, append with the expected version (the
// projection writes the read model in the same transaction). A change racing another (a run
// starting while the owner pauses) decides again on the fresh state, a bounded number of times.
import type { EventStore } from '../eventstore/store.js';
import { ConcurrencyError, type NewEvent } from '../eventstore/types.js';
import { evolveTask, initialTask, type TaskEvent, type TaskState, taskStream } from './events.js';

const MAX_ATTEMPTS = 5;

export async function changeTask<E extends NewEvent, R>(store: EventStore, taskId: string, decide: (state: TaskState) => { events: E[]; result: R }) {
  const stream = taskStream(taskId);
  for (let attempt = 1; ; attempt++) {
    const { state, version } = await store.aggregate(stream, initialTask, evolveTask);
    const { events, result } = decide(state);
    if (!events.length) return { events, result, state };
    try {
      await store.append(stream, version, events);
      return { events, result, state: events.reduce((s, e) => evolveTask(s, e as unknown as TaskEvent), state) };
    } catch (err) {
      if (!(err instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) throw err;
    }
  }
}

export const readTask = (store: EventStore, taskId: string) => store.aggregate(taskStream(taskId), initialTask, evolveTask).then((a) => a.state);
