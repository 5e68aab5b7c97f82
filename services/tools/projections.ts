// The tool servers as read models: `mcp_servers` (a person's remote servers, with whether tokens
// are kept) and `mcp_tool_settings` (each tool's setting). Sealed tokens and attempts stay in the
// event log: no read model holds them.
import type { AccountErased } from '../identity/events.js';
import type { Projection } from '../eventstore/types.js';
import { TOOL_EVENTS, type ToolEvent } from './events.js';
import { own } from './tables.js';

export const toolsProjection: Projection = {
  name: 'tools',
  tables: ['mcp_servers', 'mcp_tool_settings', 'mcp_calls'],
  handles: [...TOOL_EVENTS, 'AccountErased'],
  async apply(trx, event) {
    // A deleted account's servers and settings go with it (docs/data-rights.md).
    if (event.type === 'AccountErased') {
      const userId = (event.data as AccountErased['data']).user_id;
      await own(trx).deleteFrom('mcp_tool_settings').where('user_id', '=', userId).execute();
      await own(trx).deleteFrom('mcp_calls').where('user_id', '=', userId).execute();
      await own(trx).deleteFrom('mcp_servers').where('user_id', '=', userId).execute();
      return;
    }
    const e = event as unknown as ToolEvent;
    switch (e.type) {
      case 'McpServerAdded': {
        const d = e.data;
        await own(trx)
          .insertInto('mcp_servers')
          .values({ server_id: d.server_id, user_id: d.user_id, name: d.name, url: d.url, authorized: false, created_at: d.added_at, updated_at: d.added_at })
          .execute();
        return;
      }
      case 'McpServerRenamed':
        await own(trx)
          .updateTable('mcp_servers')
          .set({ name: e.data.name, updated_at: e.data.renamed_at })
          .where('server_id', '=', e.data.server_id)
          .where('user_id', '=', e.data.user_id)
          .execute();
        return;
      case 'McpServerRemoved':
        await own(trx).deleteFrom('mcp_tool_settings').where('server_id', '=', e.data.server_id).where('user_id', '=', e.data.user_id).execute();
        await own(trx).deleteFrom('mcp_servers').where('server_id', '=', e.data.server_id).where('user_id', '=', e.data.user_id).execute();
        return;
      case 'McpToolSet': {
        const d = e.data;
        await own(trx)
          .insertInto('mcp_tool_settings')
          .values({ user_id: d.user_id, server_id: d.server_id, tool_name: d.tool_name, enabled: d.enabled, approval: d.approval, updated_at: d.set_at })
          .onConflict((oc) => oc.columns(['user_id', 'server_id', 'tool_name']).doUpdateSet({ enabled: d.enabled, approval: d.approval, updated_at: d.set_at }))
          .execute();
        return;
      }
      case 'McpServerAuthorized':
        await own(trx)
          .updateTable('mcp_servers')
          .set({ authorized: true, updated_at: e.data.authorized_at })
          .where('server_id', '=', e.data.server_id)
          .where('user_id', '=', e.data.user_id)
          .execute();
        return;
      case 'McpCallRequested': {
        const d = e.data;
        await own(trx)
          .insertInto('mcp_calls')
          .values({
            call_id: d.call_id,
            user_id: d.user_id,
            backend_uuid: d.backend_uuid,
            server_id: d.server_id,
            server_name: d.server_name,
            tool_name: d.tool_name,
            arguments: JSON.stringify(d.arguments),
            status: d.needs_approval ? 'awaiting_approval' : 'running',
            result: null,
            is_error: false,
            requested_at: d.requested_at,
            updated_at: d.requested_at,
          })
          .execute();
        return;
      }
      case 'McpCallDecided':
        await own(trx)
          .updateTable('mcp_calls')
          .set({ status: e.data.approved ? 'running' : 'declined', updated_at: e.data.decided_at })
          .where('call_id', '=', e.data.call_id)
          .where('user_id', '=', e.data.user_id)
          .execute();
        return;
      case 'McpCallFinished':
        await own(trx)
          .updateTable('mcp_calls')
          .set({ status: e.data.status, result: e.data.result, is_error: e.data.is_error, updated_at: e.data.finished_at })
          .where('call_id', '=', e.data.call_id)
          .where('user_id', '=', e.data.user_id)
          .execute();
        return;
      default:
        return;
    }
  },
};
