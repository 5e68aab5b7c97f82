// What the agent's handlers and socket use beyond the kernel: the durable task loop
// (workflows/agent-task.ts, wired by services/app) and the key agent tokens are signed with.
import type { KernelContext } from '../shared/context.js';

/** What the socket or a REST call tells a running task's loop (delivered through DBOS, to whichever instance runs it). */
export type AgentSignal =
  /** received_at: when the socket had the reply (ms since the epoch), for the step's round trip. */
  | { kind: 'reply'; request_id: string; response: Record<string, unknown>; received_at?: number }
  /** The extension is connected (again): a request waiting for a reply is sent again. */
  | { kind: 'connected' }
  /** Paused, resumed, stopped or confirmed: the loop reads the task again. */
  | { kind: 'changed' };

export type AgentRuns = {
  start: (taskUuid: string) => Promise<void>;
  signal: (taskUuid: string, signal: AgentSignal) => Promise<void>;
};

export type AgentContext = KernelContext & { agentRuns: AgentRuns; agentTokenSecret: string };
