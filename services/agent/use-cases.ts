// Changing a task: read its stream, decide, append with the expected version (the projection
// writes the read model in the same transaction). A change racing another (the loop recording a
// step while the person pauses) decides again on the fresh state, a bounded number of times.
import type { EventStore } from '../eventstore/store.js';
import { ConcurrencyError, type NewEvent } from '../eventstore/types.js';
import { type AgentEvent, type AgentTaskState, agentTaskStream, evolveAgentTask, initialAgentTask } from './events.js';

const MAX_ATTEMPTS = 5;

export async function changeAgentTask(store: EventStore, taskUuid: string, decide: (state: AgentTaskState) => NewEvent[]) {
  const stream = agentTaskStream(taskUuid);
  for (let attempt = 1; ; attempt++) {
    const { state, version } = await store.aggregate(stream, initialAgentTask, evolveAgentTask);
    const events = decide(state);
    if (!events.length) return { events, state };
    try {
      await store.append(stream, version, events);
      return { events, state: events.reduce((s, e) => evolveAgentTask(s, e as unknown as AgentEvent), state) };
    } catch (err) {
      if (!(err instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) throw err;
    }
  }
}

export const readAgentTask = (store: EventStore, taskUuid: string) =>
  store.aggregate(agentTaskStream(taskUuid), initialAgentTask, evolveAgentTask).then((a) => a.state);
