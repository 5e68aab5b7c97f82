// What other parts use of the tool servers (docs/architecture.md: a domain is used only through its index.ts).
export { toolsProjection } from './projections.js';
export { toolRedactors } from './erasure.js';
export { toolRoutes } from './routes.js';
export { mcpPort, type McpPort, type ToolsContext } from './context.js';
export { callEnabledTool, enabledToolsOf, type EnabledTool } from './use-cases.js';
export type { McpCallResult } from './connections.js';
export { toolsForAnswer, untrusted, type AnswerToolbox } from './answer-tools.js';
