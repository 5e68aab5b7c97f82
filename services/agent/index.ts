// What other parts use of the agent (docs/architecture.md: a domain is used only through its index.ts).
export { agentProjection } from './projections.js';
export { agentRoutes } from './routes.js';
export { agentRedactors } from './erasure.js';
export type { AgentContext, AgentRuns, AgentSignal } from './context.js';
export { attachAgentSocket, AGENT_NAMESPACE } from './socket.js';
export { createAgentOutbox, type AgentOutbox } from './outbox.js';
export { runAgentTask, type AgentLoopDeps, type Durable } from './loop.js';
export { agentModel } from './model.js';
export { AGENT_TEXTS } from './errors.js';
export { AgentInbox } from './inbox.js';
export { agentTasksExport } from './export.js';
