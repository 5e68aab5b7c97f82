// What the server sends the extension of a task: to the task's room of the /agent namespace, so
// it reaches the task's socket on whichever app instance holds it (the PostgreSQL adapter carries
// it between instances). The task's loop is registered before the socket exists: it is bound at start.
import type { Namespace } from 'socket.io';

export const taskRoom = (taskUuid: string) => `agent-task:${taskUuid}`;

export type AgentOutbox = {
  emit: (taskUuid: string, event: string, payload: Record<string, unknown>) => void;
  bind: (namespace: Namespace | null) => void;
};

export function createAgentOutbox(): AgentOutbox {
  let nsp: Namespace | null = null;
  return {
    emit: (taskUuid, event, payload) => {
      nsp?.to(taskRoom(taskUuid)).emit(event, payload);
    },
    bind: (namespace) => {
      nsp = namespace;
    },
  };
}
