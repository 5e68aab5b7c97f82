// Talking to a tool server with the MCP SDK's client, at the newest protocol version it speaks
// (the SDK's LATEST_PROTOCOL_VERSION, offered in `initialize`). A remote server is reached over
// Streamable HTTP through the guarded fetch, one connection per use; an installed one is a child
// process over stdio, started on first use and kept for the next (closed at shutdown).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { InstalledServer } from './installed.js';
import { MCP_CALL_TIMEOUT_MS, MCP_RESULT_MAX_CHARS, MCP_TOOLS_PER_SERVER_MAX } from './limits.js';

export type McpTool = { name: string; title: string | null; description: string; input_schema: Record<string, unknown> };
export type McpCallResult = { text: string; is_error: boolean };

const CLIENT_INFO = { name: 'answer-engine', version: '1.0.0' };
const REQUEST = { timeout: MCP_CALL_TIMEOUT_MS };

export async function listToolsOf(client: Client): Promise<McpTool[]> {
  const out: McpTool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor ? { cursor } : {}, REQUEST);
    for (const t of page.tools) {
      out.push({
        name: t.name,
        title: t.title ?? t.annotations?.title ?? null,
        description: (t.description ?? '').slice(0, 2000),
        input_schema: t.inputSchema as Record<string, unknown>,
      });
    }
    cursor = page.nextCursor;
  } while (cursor && out.length < MCP_TOOLS_PER_SERVER_MAX);
  return out.slice(0, MCP_TOOLS_PER_SERVER_MAX);
}

/** A call's result as text (cut to MCP_RESULT_MAX_CHARS): what the server said, never run or followed. */
export async function callToolOf(client: Client, name: string, args: Record<string, unknown>): Promise<McpCallResult> {
  const result = await client.callTool({ name, arguments: args }, undefined, REQUEST);
  const parts: string[] = [];
  for (const c of (result.content ?? []) as { type: string; text?: string; resource?: { uri?: string; text?: string }; mimeType?: string }[]) {
    if (c.type === 'text' && typeof c.text === 'string') parts.push(c.text);
    else if (c.type === 'resource') parts.push(c.resource?.text ?? `[resource ${c.resource?.uri ?? ''}]`);
    else parts.push(`[${c.type}${c.mimeType ? ` ${c.mimeType}` : ''}]`);
  }
  if (!parts.length && result.structuredContent) parts.push(JSON.stringify(result.structuredContent));
  const text = parts.join('\n');
  return { text: text.length > MCP_RESULT_MAX_CHARS ? `${text.slice(0, MCP_RESULT_MAX_CHARS)}…` : text, is_error: result.isError === true };
}

/** Connects to a remote server for one use; the caller closes it. */
export async function connectRemote(url: string, opts: { fetch: typeof fetch; authProvider?: OAuthClientProvider }): Promise<Client> {
  const client = new Client(CLIENT_INFO);
  const transport = new StreamableHTTPClientTransport(new URL(url), { fetch: opts.fetch, authProvider: opts.authProvider });
  await client.connect(transport, REQUEST);
  return client;
}

/** The installed servers' processes: one each, started on first use, started again after it exits. */
export class InstalledServers {
  private readonly running = new Map<string, Promise<Client>>();
  constructor(readonly servers: readonly InstalledServer[]) {}

  find(serverId: string) {
    return this.servers.find((s) => s.server_id === serverId);
  }

  client(server: InstalledServer): Promise<Client> {
    const known = this.running.get(server.server_id);
    if (known) return known;
    const started = (async () => {
      const client = new Client(CLIENT_INFO);
      // Only the SDK's safe default environment plus the server's own: the app's secrets stay here.
      const transport = new StdioClientTransport({ command: server.command, args: server.args, env: server.env, cwd: server.cwd, stderr: 'ignore' });
      transport.onclose = () => this.running.delete(server.server_id);
      await client.connect(transport, REQUEST);
      return client;
    })();
    this.running.set(server.server_id, started);
    started.catch(() => this.running.delete(server.server_id));
    return started;
  }

  async close() {
    const all = [...this.running.values()];
    this.running.clear();
    await Promise.allSettled(all.map(async (c) => (await c).close()));
  }
}
