// A remote tool server's answer is read up to MCP_RESPONSE_MAX_BYTES: a larger one fails the call
// with a plain error, through the SDK's client as a real call goes, while a small answer passes.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type McpFake, startMcpFake } from '../../tests/fakes/mcp-server.js';
import { callToolOf, connectRemote } from './connections.js';
import { bounded, guardedFetch } from './guarded-fetch.js';
import { MCP_RESPONSE_MAX_BYTES } from './limits.js';

let fake: McpFake;
beforeAll(async () => {
  fake = await startMcpFake({ bigResultChars: MCP_RESPONSE_MAX_BYTES + 1 });
});
afterAll(() => fake?.close());

test('an answer over 1 MB is refused with a clear error; a small one is read', async () => {
  const client = await connectRemote(fake.url, { fetch: guardedFetch([fake.hostPort]) });
  try {
    expect(await callToolOf(client, 'echo', { text: 'hi' })).toEqual({ text: 'echo: hi', is_error: false });
    await expect(callToolOf(client, 'big', {})).rejects.toThrow("The tool server's answer was larger than 1 MB, so it was not read.");
    expect(fake.calls.map((c) => c.tool)).toEqual(['echo', 'big']);
  } finally {
    await client.close();
  }
});

test('a declared length over the limit is refused before the body is read; a streamed one when it passes it', async () => {
  const declared = new Response('x'.repeat(11), { headers: { 'content-length': '11' } });
  expect(() => bounded(declared, 10)).toThrow(expect.objectContaining({ code: 'mcp_response_too_large' }));
  const streamed = bounded(new Response(new Blob(['x'.repeat(6), 'y'.repeat(6)]).stream()), 10);
  await expect(streamed.text()).rejects.toMatchObject({ code: 'mcp_response_too_large' });
  await expect(bounded(new Response('x'.repeat(10)), 10).text()).resolves.toBe('x'.repeat(10));
});
