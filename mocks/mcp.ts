// The person's tool servers (MCP) in the mock API: the server's rules (services/tools/decide.ts)
// over each account's events, kept in the scenario. The mocks reach no tool server: listing a
// server's tools says so plainly, and answers make no tool calls.
import {
  getAddMcpServerMockHandler,
  getAuthorizeMcpServerMockHandler,
  getDecideMcpToolCallMockHandler,
  getListMcpServerToolsMockHandler,
  getListMcpServersMockHandler,
  getListMcpToolCallsMockHandler,
  getRemoveMcpServerMockHandler,
  getSetMcpToolSettingMockHandler,
  getUpdateMcpServerMockHandler,
} from '../generated/msw/mcp/mcp.msw';
import type { McpServer, McpServerInput, McpToolSettingInput } from '../generated/react-query/model';
import {
  decideAddServer,
  decideRemoveServer,
  decideToolSetting,
  decideUpdateServer,
  evolveTools,
  initialTools,
  type ToolEvent,
  type ToolsState,
  toolErrors,
} from '../services/tools/pure';
import { DomainError } from '../services/shared/domain-error';
import { refuse, ruled } from './problem';
import { currentUser, type ScenarioState } from './scenarios';

const UNREACHABLE = new DomainError('unavailable', 'mcp_server_unreachable', 'The tool server could not be reached: the mock API reaches no tool servers.');

export function mcpHandlers(opts: { state: () => ScenarioState; changed: () => void }) {
  const events = new Map<string, ToolEvent[]>();
  const signedIn = () => currentUser(opts.state()) ?? refuse(toolErrors.unauthenticated());
  const stateOf = (userId: string): ToolsState => (events.get(userId) ?? []).reduce(evolveTools, initialTools);
  const change = (decide: (s: ToolsState, who: { userId: string; now: Date }) => ToolEvent[]) => {
    const userId = signedIn().id;
    const decided = ruled(() => decide(stateOf(userId), { userId, now: new Date() }));
    events.set(userId, [...(events.get(userId) ?? []), ...decided]);
    opts.changed();
    return stateOf(userId);
  };
  const view = (state: ToolsState, id: string): McpServer => {
    const s = state.servers[id] ?? refuse(toolErrors.notFound());
    return { server_id: id, name: s.name, url: s.url, kind: 'remote', authorization: 'none' };
  };
  const idFrom = (url: string, after: string) => decodeURIComponent(new URL(url).pathname.split(`/${after}/`)[1].split('/')[0]);

  return [
    getListMcpServersMockHandler(() => {
      const state = stateOf(signedIn().id);
      return { servers: Object.keys(state.servers).map((id) => view(state, id)) };
    }),
    getAddMcpServerMockHandler(async ({ request }) => {
      const body = (await request.json()) as McpServerInput;
      const id = crypto.randomUUID();
      return view(
        change((s, who) => decideAddServer(s, { ...who, serverId: id, name: body.name, url: body.url.trim() })),
        id,
      );
    }),
    getUpdateMcpServerMockHandler(async ({ request }) => {
      const body = (await request.json()) as McpServerInput;
      const id = idFrom(request.url, 'servers');
      return view(
        change((s, who) => decideUpdateServer(s, { ...who, serverId: id, name: body.name, url: body.url.trim() })),
        id,
      );
    }),
    getRemoveMcpServerMockHandler(({ request }) => {
      const id = idFrom(request.url, 'servers');
      change((s, who) => decideRemoveServer(s, { ...who, serverId: id }));
    }),
    getListMcpServerToolsMockHandler(({ request }) => {
      view(stateOf(signedIn().id), idFrom(request.url, 'servers'));
      return refuse(UNREACHABLE);
    }),
    getSetMcpToolSettingMockHandler(async ({ request }) => {
      const body = (await request.json()) as McpToolSettingInput;
      const id = idFrom(request.url, 'servers');
      const tool = idFrom(request.url, 'tools');
      const approval = body.approval ?? 'ask';
      change((s, who) => decideToolSetting(s, { ...who, serverId: id, tool, enabled: body.enabled, approval }));
      return { server_id: id, tool_name: tool, enabled: body.enabled, approval };
    }),
    getAuthorizeMcpServerMockHandler(({ request }) => {
      view(stateOf(signedIn().id), idFrom(request.url, 'servers'));
      return refuse(UNREACHABLE);
    }),
    getListMcpToolCallsMockHandler(() => {
      signedIn();
      return { calls: [] };
    }),
    getDecideMcpToolCallMockHandler(() => {
      signedIn();
      return refuse(new DomainError('not_found', 'mcp_call_not_found', 'This tool call does not exist.'));
    }),
  ];
}
