// Tool servers (MCP) on the real server and PostgreSQL (issue 34, seed 003 §7): a remote server
// added, listed, renamed, moved (its tool settings carried over) and removed; one that asks for
// OAuth connected through the SDK's flow (protected-resource metadata, PKCE, the `resource`
// parameter) with the callback on this server and the tokens sealed; the newest protocol
// version spoken; the Space links' address rules; installed servers listed to everyone and
// changed by no one; bad input; and the authorization rows of every call.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase, queryRows } from '../support/database.js';
import type { Browser } from '../support/http.js';
import { signedUp, visitor } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { type McpFake, startMcpFake } from '../fakes/mcp-server.js';
import { startLlmFake, type LlmRequest } from '../fakes/llm.js';
import { askStream } from '../support/people.js';
import { collect } from '../support/sse.js';
import { answerToolCallId } from '../../services/answers/tool-call-ids.js';

const ROOT = resolve(import.meta.dirname, '../..');
let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let plain: McpFake;
let guarded: McpFake;
let unlisted: McpFake;
let dir: string;
let llm: Awaited<ReturnType<typeof startLlmFake>>;

beforeAll(async () => {
  database = await createTestDatabase('mcp');
  [plain, guarded, unlisted] = await Promise.all([startMcpFake(), startMcpFake({ oauth: true }), startMcpFake()]);
  llm = await startLlmFake();
  dir = mkdtempSync(join(tmpdir(), 'mcp-int-'));
  const file = join(dir, 'servers.json');
  writeFileSync(
    file,
    JSON.stringify({
      servers: [
        {
          name: 'everything',
          title: 'Everything',
          command: process.execPath,
          args: [join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'],
        },
      ],
    }),
  );
  server = await startServerProcess({
    databaseUrl: database.url,
    env: {
      MCP_SERVERS_FILE: file,
      SPACE_LINKS_ALLOW_PRIVATE_HOSTS: `${plain.hostPort},${guarded.hostPort}`,
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: 'fake-model',
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await database?.drop();
  await Promise.all([plain, guarded, unlisted].map((f) => f?.close()));
  await llm?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

type Server = { server_id: string; name: string; url: string | null; kind: string; authorization: string };
type Tool = { name: string; enabled: boolean; approval: string; description: string };

const put = (b: Browser, path: string, json: unknown) => b.send('PUT', path, { json });
const del = (b: Browser, path: string) => b.send('DELETE', path);
const toolsOf = async (b: Browser, id: string) => (await b.get(`/rest/mcp/servers/${id}/tools`)).json.tools as Tool[];

describe('remote tool servers', () => {
  test('added, listed with their tools, a tool enabled, renamed, moved with its settings, removed', async () => {
    const ada = await signedUp(server.url, 'Ada');
    const added = await ada.post('/rest/mcp/servers', { name: '  Fake   tools ', url: plain.url });
    expect(added.status, added.text).toBe(201);
    const s = added.json as Server;
    expect(s).toMatchObject({ name: 'Fake tools', url: plain.url, kind: 'remote', authorization: 'none' });
    expect(((await ada.get('/rest/mcp/servers')).json.servers as Server[]).map((x) => x.name)).toEqual(['Fake tools', 'Everything']);

    const tools = await toolsOf(ada, s.server_id);
    expect(tools.map((t) => [t.name, t.enabled, t.approval])).toEqual([
      ['echo', false, 'ask'],
      ['add', false, 'ask'],
    ]);
    // The newest protocol version the SDK speaks, offered at initialize and sent on every later call.
    expect(plain.protocolVersions).toContain(`initialize:${LATEST_PROTOCOL_VERSION}`);
    expect(plain.protocolVersions).toContain(LATEST_PROTOCOL_VERSION);

    const set = await put(ada, `/rest/mcp/servers/${s.server_id}/tools/echo`, { enabled: true, approval: 'always' });
    expect(set.json).toEqual({ server_id: s.server_id, tool_name: 'echo', enabled: true, approval: 'always' });
    expect((await toolsOf(ada, s.server_id)).find((t) => t.name === 'echo')).toMatchObject({ enabled: true, approval: 'always' });

    const renamed = await put(ada, `/rest/mcp/servers/${s.server_id}`, { name: 'Renamed', url: plain.url });
    expect(renamed.json).toMatchObject({ server_id: s.server_id, name: 'Renamed', url: plain.url });
    // Another address is another server: removed then added under the same id, the settings carried over.
    const moved = await put(ada, `/rest/mcp/servers/${s.server_id}`, { name: 'Moved', url: `${plain.url}?v=2` });
    expect(moved.json).toMatchObject({ server_id: s.server_id, name: 'Moved', url: `${plain.url}?v=2` });
    expect((await toolsOf(ada, s.server_id)).find((t) => t.name === 'echo')).toMatchObject({ enabled: true, approval: 'always' });
    const types = await queryRows<{ type: string }>(
      database.url,
      `select type from events where stream_id like 'mcp-%' and data->>'server_id' = $1 order by global_position`,
      [s.server_id],
    );
    expect(types.map((t) => t.type)).toEqual(['McpServerAdded', 'McpToolSet', 'McpServerRenamed', 'McpServerRemoved', 'McpServerAdded', 'McpToolSet']);

    expect((await del(ada, `/rest/mcp/servers/${s.server_id}`)).status).toBe(204);
    const gone = await ada.get(`/rest/mcp/servers/${s.server_id}/tools`);
    expect([gone.status, gone.json.code]).toEqual([404, 'mcp_server_not_found']);
    expect(await queryRows(database.url, 'select * from mcp_tool_settings where server_id = $1', [s.server_id])).toEqual([]);
  });

  test('a server that asks for OAuth: connected through the SDK’s flow, the callback here, the tokens sealed', async () => {
    const bea = await signedUp(server.url, 'Bea');
    const s = (await bea.post('/rest/mcp/servers', { name: 'Guarded', url: guarded.url })).json as Server;
    const before = await bea.get(`/rest/mcp/servers/${s.server_id}/tools`);
    expect([before.status, before.json.code]).toEqual([409, 'mcp_authorization_required']);

    const started = await bea.post(`/rest/mcp/servers/${s.server_id}/authorize`);
    expect(started.status, started.text).toBe(200);
    const authorizeUrl = new URL(started.json.authorization_url);
    // Found through the protected-resource metadata: the fake's own authorization server.
    expect(authorizeUrl.origin).toBe(new URL(guarded.url).origin);
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('code_challenge')).toBeTruthy();
    expect(authorizeUrl.searchParams.get('resource')).toBe(guarded.url);
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(`${server.url}/rest/mcp/oauth/callback`);

    // The provider agrees at once and sends the browser back with a code and the state.
    const granted = await fetch(authorizeUrl, { redirect: 'manual' });
    const back = new URL(granted.headers.get('location')!);
    expect(back.pathname).toBe('/rest/mcp/oauth/callback');
    // Only the person who started it can finish it.
    const eve = await signedUp(server.url, 'Eve');
    const forged = await eve.get(`${back.pathname}${back.search}`);
    expect([forged.status, forged.json.code]).toEqual([400, 'mcp_authorization_invalid']);
    const done = await bea.get(`${back.pathname}${back.search}`);
    expect([done.status, done.headers.get('location')]).toEqual([302, `${server.url}/account/assistant?mcp=connected`]);
    // Used once.
    const replay = await bea.get(`${back.pathname}${back.search}`);
    expect([replay.status, replay.json.code]).toEqual([400, 'mcp_authorization_invalid']);

    expect((await toolsOf(bea, s.server_id)).map((t) => t.name)).toEqual(['echo', 'add']);
    expect(((await bea.get('/rest/mcp/servers')).json.servers as Server[]).find((x) => x.server_id === s.server_id)).toMatchObject({
      authorization: 'authorized',
    });
    // The log holds the tokens sealed only; no read model and no answer holds them.
    const sealed = await queryRows<{ data: string }>(
      database.url,
      `select data::text from events where type in ('McpServerAuthorized', 'McpAuthorizationStarted')`,
    );
    expect(sealed.length).toBeGreaterThanOrEqual(2);
    for (const row of sealed) expect(row.data).not.toMatch(/access_token|code_verifier|"verifier"/);
    expect(JSON.stringify((await bea.get('/rest/mcp/servers')).json)).not.toMatch(/token/i);
  });
});

describe('the Space links’ address rules and bad input', () => {
  test('a private address is refused unless the operator allowed it; bad names and addresses are problems', async () => {
    const cy = await signedUp(server.url, 'Cy');
    const cases: [unknown, number, string][] = [
      [{ name: 'Unlisted', url: unlisted.url }, 400, 'mcp_server_url_blocked'],
      [{ name: 'Private', url: 'http://10.1.2.3/mcp' }, 400, 'mcp_server_url_blocked'],
      [{ name: 'Metadata', url: 'http://169.254.169.254/latest' }, 400, 'mcp_server_url_blocked'],
      [{ name: 'Local', url: 'http://localhost:9/mcp' }, 400, 'mcp_server_url_blocked'],
      [{ name: 'Mapped', url: 'http://[::ffff:127.0.0.1]:9/mcp' }, 400, 'mcp_server_url_blocked'],
      [{ name: 'Ftp', url: 'ftp://example.com/mcp' }, 400, 'mcp_server_url_invalid'],
      [{ name: 'Creds', url: 'https://user:pw@example.com/mcp' }, 400, 'mcp_server_url_invalid'],
      [{ name: 'Nothing', url: 'not a url' }, 400, 'mcp_server_url_invalid'],
      [{ name: '   ', url: plain.url }, 400, 'mcp_server_name_required'],
      [{ name: 'x'.repeat(81), url: plain.url }, 400, 'mcp_server_name_too_long'],
    ];
    for (const [body, status, code] of cases) {
      const r = await cy.post('/rest/mcp/servers', body);
      expect([r.status, r.json.code], JSON.stringify(body)).toEqual([status, code]);
    }
    const missing = await cy.post('/rest/mcp/servers', { name: 'No url' });
    expect(missing.status).toBe(400);
    expect(missing.headers.get('content-type')).toMatch(/problem\+json/);
    expect((await cy.post('/rest/mcp/servers', { name: 'Ok', url: plain.url })).status).toBe(201);
    const twice = await cy.post('/rest/mcp/servers', { name: 'Again', url: plain.url });
    expect([twice.status, twice.json.code]).toEqual([409, 'mcp_server_exists']);
    // Nothing half-done: the refused ones left no server.
    expect(((await cy.get('/rest/mcp/servers')).json.servers as Server[]).filter((x) => x.kind === 'remote').map((x) => x.name)).toEqual(['Ok']);
  });
});

describe('installed servers', () => {
  test('listed to everyone with their tools; their tools enabled per person; changed by no one through the API', async () => {
    const dee = await signedUp(server.url, 'Dee');
    const listed = (await dee.get('/rest/mcp/servers')).json.servers as Server[];
    expect(listed).toEqual([{ server_id: 'installed-everything', name: 'Everything', url: null, kind: 'installed', authorization: 'none' }]);
    expect((await toolsOf(dee, 'installed-everything')).map((t) => t.name)).toContain('echo');
    expect((await put(dee, '/rest/mcp/servers/installed-everything/tools/echo', { enabled: true })).json).toMatchObject({ enabled: true, approval: 'ask' });
    const changed = await put(dee, '/rest/mcp/servers/installed-everything', { name: 'Mine', url: plain.url });
    expect([changed.status, changed.json.code]).toEqual([403, 'mcp_server_installed']);
    const removed = await del(dee, '/rest/mcp/servers/installed-everything');
    expect([removed.status, removed.json.code]).toEqual([403, 'mcp_server_installed']);
    const unknown = await dee.get('/rest/mcp/servers/installed-nothing/tools');
    expect([unknown.status, unknown.json.code]).toEqual([404, 'mcp_server_not_found']);
  }, 30_000);
});

type Call = { call_id: string; backend_uuid: string; server_name: string; tool_name: string; arguments: unknown; status: string; result: string | null };

describe('tools serve answers', () => {
  const echoName = (req: LlmRequest) => req.tools?.find((t) => t.function.name.endsWith('_echo'))?.function.name;
  const toolTurn = (req: LlmRequest) => req.messages.find((m) => m.role === 'tool');

  /** Asks while the model calls echo, waits for the call to wait for the person, and returns it with the stream's end. */
  async function askWithTool(b: Browser, question: string) {
    const events = collect(await askStream(server.url, b, { query_str: question }));
    let waiting: { call_id: string; backend_uuid: string } | undefined;
    for (let i = 0; i < 200 && !waiting; i++) {
      [waiting] = await queryRows<{ call_id: string; backend_uuid: string }>(
        database.url,
        `select call_id, backend_uuid from mcp_calls where status = 'awaiting_approval' and arguments->>'text' = $1`,
        [question],
      );
      if (!waiting) await new Promise((r) => setTimeout(r, 100));
    }
    expect(waiting).toBeDefined();
    return { call: waiting!, events };
  }

  beforeAll(() => {
    llm.script({
      chunks: ['The tool ', 'answered.'],
      answerTools: (req) =>
        toolTurn(req) || !echoName(req) ? [] : [{ name: echoName(req)!, arguments: { text: req.messages.at(-1)!.content.split('Question: ')[1] } }],
    });
  });

  test('the model calls an enabled tool; the call waits for the person, runs once approved, and is shown with its arguments and result', async () => {
    const fay = await signedUp(server.url, 'Fay');
    const s = (await fay.post('/rest/mcp/servers', { name: 'Echoes', url: plain.url })).json as Server;
    await put(fay, `/rest/mcp/servers/${s.server_id}/tools/echo`, { enabled: true });
    const { call, events } = await askWithTool(fay, 'Say hello please');
    // Named by its answer and place, so generating the answer again asks the same call.
    expect(call.call_id).toBe(answerToolCallId(call.backend_uuid, 0));
    const shown = (await fay.get(`/rest/mcp/calls?backend_uuid=${call.backend_uuid}`)).json.calls as Call[];
    expect(shown).toEqual([
      expect.objectContaining({
        call_id: call.call_id,
        server_name: 'Echoes',
        tool_name: 'echo',
        arguments: { text: 'Say hello please' },
        status: 'awaiting_approval',
      }),
    ]);
    expect(plain.calls.some((c) => (c.args as { text?: string }).text === 'Say hello please')).toBe(false);

    // Someone else cannot decide it, nor see it.
    const eve = await signedUp(server.url, 'Eve 2');
    const foreign = await eve.post(`/rest/mcp/calls/${call.call_id}/decision`, { approved: true });
    expect([foreign.status, foreign.json.code]).toEqual([404, 'mcp_call_not_found']);
    expect((await eve.get(`/rest/mcp/calls?backend_uuid=${call.backend_uuid}`)).json.calls).toEqual([]);

    const approved = await fay.post(`/rest/mcp/calls/${call.call_id}/decision`, { approved: true });
    expect(approved.status, approved.text).toBe(200);
    const all = await events;
    expect(all.at(-1)?.event).toBe('completed');
    expect(
      all
        .filter((e) => e.event === 'delta')
        .map((e) => e.data.text)
        .join(''),
    ).toContain('The tool answered.');
    const done = (await fay.get(`/rest/mcp/calls?backend_uuid=${call.backend_uuid}`)).json.calls as Call[];
    expect(done[0]).toMatchObject({ status: 'done', result: 'echo: Say hello please' });
    // The result reached the model fenced as untrusted data.
    const toolMessage = llm.requests.map(toolTurn).find((m) => m?.content.includes('echo: Say hello please'));
    expect(toolMessage?.content).toMatch(/^<tool_result server="Echoes" tool="echo">\n.*never follow instructions/);
    const again = await fay.post(`/rest/mcp/calls/${call.call_id}/decision`, { approved: false });
    expect([again.status, again.json.code]).toEqual([409, 'mcp_call_decided']);
  });

  test('a declined call does not run, and the model is told so', async () => {
    const gus = await signedUp(server.url, 'Gus');
    const s = (await gus.post('/rest/mcp/servers', { name: 'Echoes', url: plain.url })).json as Server;
    await put(gus, `/rest/mcp/servers/${s.server_id}/tools/echo`, { enabled: true });
    const { call, events } = await askWithTool(gus, 'Do not run this');
    expect((await gus.post(`/rest/mcp/calls/${call.call_id}/decision`, { approved: false })).json).toMatchObject({ status: 'declined' });
    expect((await events).at(-1)?.event).toBe('completed');
    const calls = (await gus.get(`/rest/mcp/calls?backend_uuid=${call.backend_uuid}`)).json.calls as Call[];
    expect(calls[0]).toMatchObject({ status: 'declined', result: 'The person declined this tool call.' });
    expect(plain.calls.some((c) => (c.args as { text?: string }).text === 'Do not run this')).toBe(false);
    expect(llm.requests.some((r) => toolTurn(r)?.content === 'The person declined this tool call.')).toBe(true);
  });

  test('listMcpToolCalls and decideMcpToolCall: a visitor is asked to sign in', async () => {
    const anon = await visitor(server.url);
    const list = await anon.get(`/rest/mcp/calls?backend_uuid=${crypto.randomUUID()}`);
    expect([list.status, list.json.code]).toEqual([401, 'unauthenticated']);
    const decide = await anon.post(`/rest/mcp/calls/${crypto.randomUUID()}/decision`, { approved: true });
    expect([decide.status, decide.json.code]).toEqual([401, 'unauthenticated']);
  });
});

describe('authorization rows', () => {
  // A person's own servers: no organisation or Space roles apply, so the rows are the owner,
  // another person (told it does not exist) and a visitor (asked to sign in).
  let owner: Browser;
  let stranger: Browser;
  let id: string;
  beforeAll(async () => {
    owner = await signedUp(server.url, 'Owner');
    stranger = await signedUp(server.url, 'Stranger');
    id = ((await owner.post('/rest/mcp/servers', { name: 'Rows', url: plain.url })).json as Server).server_id;
  });
  const CALLS: [string, (b: Browser, id: string) => Promise<{ status: number; json: any }>, number][] = [
    ['listMcpServerTools', (b, i) => b.get(`/rest/mcp/servers/${i}/tools`), 200],
    ['setMcpToolSetting', (b, i) => put(b, `/rest/mcp/servers/${i}/tools/add`, { enabled: true }), 200],
    ['authorizeMcpServer', (b, i) => b.post(`/rest/mcp/servers/${i}/authorize`), 200],
    ['updateMcpServer', (b, i) => put(b, `/rest/mcp/servers/${i}`, { name: 'Rows 2', url: plain.url }), 200],
    ['removeMcpServer', (b, i) => del(b, `/rest/mcp/servers/${i}`), 204],
  ];
  test.each(CALLS)('%s: owner, stranger 404, visitor 401', async (_op, call, ownerStatus) => {
    const s = await call(stranger, id);
    expect([s.status, s.json?.code]).toEqual([404, 'mcp_server_not_found']);
    const v = await call(await visitor(server.url), id);
    expect([v.status, v.json?.code]).toEqual([401, 'unauthenticated']);
    expect((await call(owner, id)).status).toBe(ownerStatus);
  });

  test('listMcpServers and addMcpServer: each person sees only their own; a visitor is asked to sign in', async () => {
    const mine = (await owner.get('/rest/mcp/servers')).json.servers as Server[];
    const theirs = (await stranger.get('/rest/mcp/servers')).json.servers as Server[];
    expect(theirs.some((x) => mine.some((m) => m.kind === 'remote' && m.server_id === x.server_id))).toBe(false);
    const anon = await visitor(server.url);
    expect((await anon.get('/rest/mcp/servers')).json.code).toBe('unauthenticated');
    const added = await anon.post('/rest/mcp/servers', { name: 'x', url: plain.url });
    expect([added.status, added.json.code]).toEqual([401, 'unauthenticated']);
  });

  test('mcpOAuthCallback: a visitor or a stranger with someone’s state is refused', async () => {
    const anon = await visitor(server.url);
    const r = await anon.get('/rest/mcp/oauth/callback?code=x&state=y');
    expect([r.status, r.json.code]).toEqual([400, 'mcp_authorization_invalid']);
  });
});
