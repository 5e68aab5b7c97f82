// One in-browser agent task, durable: its workflow id is `agent-<task_uuid>`, so a task runs once
// across crashes and app instances. The loop (services/agent/loop.ts) records each model turn,
// each read of the task and each request sent as a DBOS step, and waits for the extension's
// replies and the person's controls: a server killed mid-task resumes it at the next start, and
// the request it was waiting on is sent again when the extension reconnects.
//
// Waiting: a signal for a loop running on this instance is handed over in memory (the inbox) and
// recorded as the step that took it; one sent from another instance (or before this loop started
// here) is a DBOS message, read between the inbox's slices. A signal held only in memory when the
// server dies is lost, which the loop tolerates: it reads the task again on each wake and sends its
// request again when the extension reconnects.
import { DBOS } from '@dbos-inc/dbos-sdk';
import { type AgentInbox, type AgentLoopDeps, type AgentRuns, type AgentSignal, runAgentTask } from '../services/agent/index.js';

const TOPIC = 'agent';
/** How long the loop waits on the inbox before it looks for messages from other instances. */
const INBOX_SLICE_MS = 1000;
export const agentWorkflowId = (taskUuid: string) => `agent-${taskUuid}`;

export function registerAgentTask(deps: AgentLoopDeps, inbox: AgentInbox) {
  return DBOS.registerWorkflow(
    async (taskUuid: string) => {
      inbox.open(taskUuid);
      try {
        return await runAgentTask(
          deps,
          {
            step: (name, fn) => DBOS.runStep(fn, { name }),
            sendThenWait: (send, settle) =>
              DBOS.runStep(
                async () => {
                  const sent = send();
                  const signal = await inbox.wait(taskUuid, INBOX_SLICE_MS);
                  return { sent, signal, settled: await settle(sent, signal) };
                },
                { name: 'send' },
              ),
            // A fixed number of slices, so a replay takes the same steps whatever the clock says.
            recv: async (timeoutSeconds) => {
              const slices = Math.max(1, Math.ceil((timeoutSeconds * 1000) / INBOX_SLICE_MS));
              for (let i = 0; i < slices; i++) {
                const here = await DBOS.runStep(() => inbox.wait(taskUuid, INBOX_SLICE_MS), { name: 'wait' });
                if (here) return here;
                const elsewhere = await DBOS.recv<AgentSignal>(TOPIC, 0);
                if (elsewhere) return elsewhere;
              }
              return null;
            },
          },
          taskUuid,
        );
      } finally {
        inbox.close(taskUuid);
      }
    },
    { name: 'agentTask' },
  );
}

export type AgentTaskWorkflow = ReturnType<typeof registerAgentTask>;

/** The `agentRuns` port: start a task's workflow (a second start is the same workflow) and tell it what happened. */
export function agentRunner(workflow: AgentTaskWorkflow, inbox: AgentInbox): AgentRuns {
  return {
    start: async (taskUuid) => {
      await DBOS.startWorkflow(workflow, { workflowID: agentWorkflowId(taskUuid) })(taskUuid);
    },
    signal: async (taskUuid, signal) => {
      if (!inbox.deliver(taskUuid, signal)) await DBOS.send(agentWorkflowId(taskUuid), signal, TOPIC);
    },
  };
}
