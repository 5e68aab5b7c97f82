// A remote tool server (MCP over Streamable HTTP) on 127.0.0.1 for tests, built from the SDK's own
// server side: an McpServer with two tools behind a stateless StreamableHTTPServerTransport. With
// `oauth`, the same listener is also its authorization server (the SDK's mcpAuthRouter over its
// demo in-memory provider, which grants at once, as if the person signed in and agreed) and the
// tool endpoint wants a bearer token issued for exactly this resource (the `resource` parameter).
import type { AddressInfo } from 'node:net';
import express from 'express';
import { z } from 'zod';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { getOAuthProtectedResourceMetadataUrl, mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { DemoInMemoryAuthProvider } from '@modelcontextprotocol/sdk/examples/server/demoInMemoryOAuthProvider.js';

export type McpFake = { url: string; hostPort: string; calls: { tool: string; args: unknown }[]; protocolVersions: string[]; close: () => Promise<void> };

function toolServer(calls: McpFake['calls'], bigResultChars?: number) {
  const server = new McpServer({ name: 'fake-tools', version: '1.0.0' });
  server.registerTool('echo', { description: 'Says the text back.', inputSchema: { text: z.string() } }, async ({ text }) => {
    calls.push({ tool: 'echo', args: { text } });
    return { content: [{ type: 'text', text: `echo: ${text}` }] };
  });
  server.registerTool('add', { description: 'Adds two numbers.', inputSchema: { a: z.number(), b: z.number() } }, async ({ a, b }) => {
    calls.push({ tool: 'add', args: { a, b } });
    return { content: [{ type: 'text', text: String(a + b) }] };
  });
  // A tool whose answer is as large as the test asks (the size limit on remote answers).
  if (bigResultChars)
    server.registerTool('big', { description: 'Answers at length.', inputSchema: {} }, async () => {
      calls.push({ tool: 'big', args: {} });
      return { content: [{ type: 'text', text: 'x'.repeat(bigResultChars) }] };
    });
  return server;
}

export async function startMcpFake(opts: { oauth?: boolean; bigResultChars?: number } = {}): Promise<McpFake> {
  const app = express();
  const calls: McpFake['calls'] = [];
  const protocolVersions: string[] = [];
  const http = app.listen(0, '127.0.0.1');
  await new Promise((r) => http.once('listening', r));
  const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const mcpUrl = new URL(`${base}/mcp`);
  const guards: express.RequestHandler[] = [];
  if (opts.oauth) {
    const provider = new DemoInMemoryAuthProvider((resource) => resource?.href === mcpUrl.href);
    app.use(mcpAuthRouter({ provider, issuerUrl: new URL(base), resourceServerUrl: mcpUrl, scopesSupported: ['mcp:tools'] }));
    guards.push(requireBearerAuth({ verifier: provider, resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(mcpUrl) }));
  }
  app.post('/mcp', ...guards, express.json(), async (req, res) => {
    const version = req.headers['mcp-protocol-version'];
    if (typeof version === 'string') protocolVersions.push(version);
    else if (req.body?.method === 'initialize') protocolVersions.push(`initialize:${req.body.params?.protocolVersion}`);
    const server = toolServer(calls, opts.bigResultChars);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  // Stateless: no event stream to open, no session to end.
  app.get('/mcp', (_req, res) => void res.status(405).end());
  app.delete('/mcp', (_req, res) => void res.status(405).end());
  return {
    url: mcpUrl.href,
    hostPort: mcpUrl.host,
    calls,
    protocolVersions,
    close: () => new Promise((r) => http.close(() => r())),
  };
}
