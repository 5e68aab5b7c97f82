// One in-browser agent task, durable: its workflow id is `agent-<task_uuid>`, so a task runs once
// across crashes and app instances. The loop (services/agent/loop.ts) records each model turn,
// each read of the task and each request sent as a DBOS step, and waits for the extension's
// replies and the person's controls as DBOS messages: a server killed mid-task resumes it at the
// next start, and the request it was waiting on is sent again when the extension reconnects.
import { DBOS } from '@dbos-inc/dbos-sdk';
import { type AgentLoopDeps, type AgentRuns, type AgentSignal, runAgentTask } from '../services/agent/index.js';

const TOPIC = 'agent';
export const agentWorkflowId = (taskUuid: string) => `agent-${taskUuid}`;

export function registerAgentTask(deps: AgentLoopDeps) {
  return DBOS.registerWorkflow(
    async (taskUuid: string) =>
      runAgentTask(
        deps,
        {
          step: (name, fn) => DBOS.runStep(fn, { name }),
          recv: (timeoutSeconds) => DBOS.recv<AgentSignal>(TOPIC, timeoutSeconds),
        },
        taskUuid,
      ),
    { name: 'agentTask' },
  );
}

export type AgentTaskWorkflow = ReturnType<typeof registerAgentTask>;

/** The `agentRuns` port: start a task's workflow (a second start is the same workflow) and tell it what happened. */
export function agentRunner(workflow: AgentTaskWorkflow): AgentRuns {
  return {
    start: async (taskUuid) => {
      await DBOS.startWorkflow(workflow, { workflowID: agentWorkflowId(taskUuid) })(taskUuid);
    },
    signal: (taskUuid, signal) => DBOS.send(agentWorkflowId(taskUuid), signal, TOPIC),
  };
}
