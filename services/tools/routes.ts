// The person's tool servers over HTTP (spec/paths/mcp.yaml): each handler calls one use case.
import type { DomainRoutes } from '../http/handler.js';
import type { ToolsContext } from './context.js';
import {
  addServer,
  decideToolCall,
  finishAuthorization,
  listAnswerToolCalls,
  listServers,
  listServerTools,
  removeServer,
  setToolSetting,
  startAuthorization,
  updateServer,
} from './use-cases.js';

export const toolRoutes = {
  async listMcpServers({ actor }, ctx) {
    return { status: 200, body: { servers: await listServers(ctx, actor) } };
  },

  async addMcpServer({ actor, body }, ctx) {
    return { status: 201, body: await addServer(ctx, actor, body) };
  },

  async updateMcpServer({ actor, path, body }, ctx) {
    return { status: 200, body: await updateServer(ctx, actor, path.server_id, body) };
  },

  async removeMcpServer({ actor, path }, ctx) {
    await removeServer(ctx, actor, path.server_id);
    return { status: 204 };
  },

  async listMcpServerTools({ actor, path }, ctx) {
    return { status: 200, body: { server_id: path.server_id, tools: await listServerTools(ctx, actor, path.server_id) } };
  },

  async setMcpToolSetting({ actor, path, body }, ctx) {
    return { status: 200, body: await setToolSetting(ctx, actor, path.server_id, path.tool_name, { enabled: body.enabled, approval: body.approval ?? 'ask' }) };
  },

  async authorizeMcpServer({ actor, path }, ctx) {
    return { status: 200, body: { authorization_url: await startAuthorization(ctx, actor, path.server_id) } };
  },

  async listMcpToolCalls({ actor, query }, ctx) {
    return { status: 200, body: { calls: await listAnswerToolCalls(ctx, actor, query.backend_uuid) } };
  },

  async decideMcpToolCall({ actor, path, body }, ctx) {
    return { status: 200, body: await decideToolCall(ctx, actor, path.call_id, body.approved) };
  },

  async mcpOAuthCallback({ actor, query }, ctx) {
    return { redirect: `${ctx.config.publicUrl}${await finishAuthorization(ctx, actor, query)}`, status: 302 };
  },
} satisfies DomainRoutes<ToolsContext>;
