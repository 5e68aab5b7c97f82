// The tool servers' rules with no server-side imports, for the mock API (mocks/mcp.ts): the same
// decisions, codes and texts as the server's.
export { toolErrors } from './errors.js';
export { decideAddServer, decideRemoveServer, decideToolSetting, decideUpdateServer, isInstalledId } from './decide.js';
export { evolveTools, initialTools, type ToolEvent, type ToolsState } from './events.js';
