// The tool servers' rules, given events, when a command, then events or an error.
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  decideAddServer,
  decideCallDecision,
  decideFinishCall,
  decideRemoveServer,
  decideRequestCall,
  decideToolSetting,
  decideUpdateServer,
} from './decide.js';
import { evolveTools, initialTools, type ToolEvent, type ToolsState } from './events.js';
import { checkServerUrl } from './server-url.js';
import { MCP_SERVERS_MAX } from './limits.js';

const who = { userId: 'u1', now: new Date('2026-01-01T00:00:00Z') };
const given = (...events: ToolEvent[]): ToolsState => events.reduce(evolveTools, initialTools);
const added = (id: string, url: string) => decideAddServer(initialTools, { ...who, serverId: id, name: id, url })[0];

describe('servers', () => {
  test('one address once; up to the limit', () => {
    const state = given(added('a', 'https://a.example/mcp'));
    expect(() => decideAddServer(state, { ...who, serverId: 'b', name: 'b', url: 'https://a.example/mcp' })).toThrow(
      expect.objectContaining({ code: 'mcp_server_exists' }),
    );
    const full = given(...Array.from({ length: MCP_SERVERS_MAX }, (_, i) => added(`s${i}`, `https://${i}.example/mcp`)));
    expect(() => decideAddServer(full, { ...who, serverId: 'x', name: 'x', url: 'https://x.example/mcp' })).toThrow(
      expect.objectContaining({ code: 'mcp_servers_limit' }),
    );
  });

  test('a new address is remove then add under the same id, every tool setting carried over', () => {
    const set = decideToolSetting(given(added('a', 'https://a.example/mcp')), { ...who, serverId: 'a', tool: 'echo', enabled: true, approval: 'always' })[0];
    const state = given(added('a', 'https://a.example/mcp'), set);
    const events = decideUpdateServer(state, { ...who, serverId: 'a', name: 'A', url: 'https://b.example/mcp' });
    expect(events.map((e) => e.type)).toEqual(['McpServerRemoved', 'McpServerAdded', 'McpToolSet']);
    const after = events.reduce(evolveTools, state);
    expect(after.tools.a.echo).toEqual({ enabled: true, approval: 'always' });
    expect(after.servers.a).toEqual({ name: 'A', url: 'https://b.example/mcp', sealedCredentials: null });
    expect(decideUpdateServer(after, { ...who, serverId: 'a', name: 'A', url: 'https://b.example/mcp' })).toEqual([]);
  });

  test('installed servers are changed by no one; another person’s server is not found', () => {
    expect(() => decideRemoveServer(initialTools, { ...who, serverId: 'installed-files' })).toThrow(expect.objectContaining({ code: 'mcp_server_installed' }));
    expect(() => decideRemoveServer(initialTools, { ...who, serverId: 'nope' })).toThrow(expect.objectContaining({ code: 'mcp_server_not_found' }));
  });
});

describe('calls', () => {
  const enabled = (approval: 'ask' | 'always') =>
    given(
      added('a', 'https://a.example/mcp'),
      ...decideToolSetting(given(added('a', 'https://a.example/mcp')), { ...who, serverId: 'a', tool: 'echo', enabled: true, approval }),
    );
  const request = (state: ToolsState) =>
    decideRequestCall(state, { ...who, call_id: 'c1', backend_uuid: 'b1', server_id: 'a', server_name: 'A', tool_name: 'echo', arguments: {} })[0];

  test('a call of a tool not enabled is refused; one asking waits for the person, once', () => {
    expect(() => request(given(added('a', 'https://a.example/mcp')))).toThrow(expect.objectContaining({ code: 'mcp_tool_not_found' }));
    expect(request(enabled('always')).data.needs_approval).toBe(false);
    const waiting = given(...[request(enabled('ask'))].flat()).calls;
    expect(waiting.c1).toEqual({ status: 'awaiting_approval' });
    const state = [request(enabled('ask'))].reduce(evolveTools, enabled('ask'));
    const decided = decideCallDecision(state, { ...who, callId: 'c1', approved: false });
    const after = decided.reduce(evolveTools, state);
    expect(() => decideCallDecision(after, { ...who, callId: 'c1', approved: true })).toThrow(expect.objectContaining({ code: 'mcp_call_decided' }));
    const finished = decideFinishCall(after, { ...who, call_id: 'c1', status: 'declined', result: 'no', is_error: false }).reduce(evolveTools, after);
    expect(decideFinishCall(finished, { ...who, call_id: 'c1', status: 'declined', result: 'no', is_error: false })).toEqual([]);
    expect(() => decideCallDecision(finished, { ...who, callId: 'c1', approved: true })).toThrow(expect.objectContaining({ code: 'mcp_call_decided' }));
    expect(() => decideCallDecision(finished, { ...who, callId: 'c2', approved: true })).toThrow(expect.objectContaining({ code: 'mcp_call_not_found' }));
  });
});

describe('addresses', () => {
  test('private, loopback and link-local addresses are refused unless allowed', () => {
    for (const url of ['http://127.0.0.1/mcp', 'http://10.0.0.1/', 'http://[::1]:80/', 'http://169.254.169.254/', 'http://localhost/', 'http://intranet/'])
      expect(() => checkServerUrl(url, []), url).toThrow(expect.objectContaining({ code: 'mcp_server_url_blocked' }));
    expect(checkServerUrl('http://127.0.0.1:8080/mcp', ['127.0.0.1:8080'])).toBe('http://127.0.0.1:8080/mcp');
    expect(checkServerUrl('https://tools.example.com/mcp#x', [])).toBe('https://tools.example.com/mcp');
  });

  test('any IPv4 address in a private range is refused, whatever its form', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('10', '127', '192.168', '172.16', '169.254'),
        fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 3, maxLength: 3 }),
        (prefix, rest) => {
          const ip = [...prefix.split('.'), ...rest].slice(0, 4).join('.');
          expect(() => checkServerUrl(`http://${ip}/mcp`, [])).toThrow(expect.objectContaining({ code: 'mcp_server_url_blocked' }));
        },
      ),
    );
  });
});
