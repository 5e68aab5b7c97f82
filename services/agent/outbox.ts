// What the server sends the extension of a task: to the task's room of the /agent namespace, so
// it reaches the task's socket on whichever app instance holds it (the PostgreSQL adapter carries
// it between instances). The task's loop is registered before the socket exists: it is bound at start.
//
// A socket of the room on this instance gets the message at once: the adapter's broadcast waits
// for its NOTIFY query (a pool connection, under load tens of ms) before it delivers even locally,
// which was most of an RPC's round trip. Other instances still get it through the adapter when
// there are any, without this instance's sockets (they have it already).
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
      if (!nsp) return;
      const room = taskRoom(taskUuid);
      const here = nsp.adapter.rooms.get(room);
      if (!here?.size) {
        nsp.to(room).emit(event, payload);
        return;
      }
      const to = nsp;
      const localIds = [...here];
      to.local.to(room).emit(event, payload);
      void to.adapter.serverCount().then((servers) => {
        if (servers > 1) to.to(room).except(localIds).emit(event, payload);
      });
    },
    bind: (namespace) => {
      nsp = namespace;
    },
  };
}
