// A fake OpenAI-compatible chat completions endpoint (POST /v1/chat/completions), for tests
// only. Streaming requests get the scripted text as SSE chunks; `failAfter` drops the connection
// after that many chunks; `delayMs` waits before each chunk. Non-streaming requests (follow-up
// questions) get `related`; a source-check request (its system message asks for "verdicts") gets
// `judge` when one is scripted; a memory extraction request gets `memories` when one is scripted;
// a request with tools (the in-browser agent's turn) gets the tool calls `agent` scripts for it.
import { listenLoopback, readBody } from './listen.js';

export type LlmScript = {
  chunks: string[];
  delayMs?: number;
  failAfter?: number;
  related?: string;
  judge?: string;
  memories?: string;
  /** A non-streaming request's reply, when it returns one (a Research report's plan, gaps and sections); may wait. */
  respond?: (request: LlmRequest) => string | undefined | Promise<string | undefined>;
  /** The reply to a Pro Search planning request (its system message asks for "searches"): JSON text. */
  plan?: string;
  /** The agent's next turn, from the request so far: the tools to call (by name, with arguments), or text alone. */
  agent?: (request: LlmRequest) => { calls?: { name: string; arguments: unknown }[]; text?: string };
  /** How long the agent's turn takes to arrive (a real model's time to answer, or a draw of it); none by default. */
  agentDelayMs?: number | (() => number);
  /**
   * An answer offered the asker's tools (a streaming request with tools): the tools to call in this
   * turn, streamed as tool calls; none (or no function) streams `chunks` as the answer.
   */
  answerTools?: (request: LlmRequest) => { name: string; arguments: unknown }[];
};
export type LlmRequest = {
  model: string;
  stream: boolean;
  // content is null on an assistant turn that only called tools (the agent's requests).
  messages: { role: string; content: string; tool_calls?: { id: string; function: { name: string; arguments: string } }[]; tool_call_id?: string }[];
  tools?: { type: 'function'; function: { name: string; description?: string; parameters: unknown } }[];
};

export async function startLlmFake(initial: LlmScript = { chunks: ['Hello [1].'] }) {
  let script = initial;
  const requests: LlmRequest[] = [];
  const fake = await listenLoopback(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    const body = JSON.parse(await readBody(req)) as LlmRequest;
    requests.push(body);
    const current = script;
    const base = { id: 'chatcmpl-fake', created: Math.floor(Date.now() / 1000), model: body.model };
    if (!body.stream && body.tools && current.agent) {
      const delay = typeof current.agentDelayMs === 'function' ? current.agentDelayMs() : current.agentDelayMs;
      if (delay) await new Promise((r) => setTimeout(r, delay));
      const turn = current.agent(body);
      const calls = (turn.calls ?? []).map((c, i) => ({
        id: `call_${requests.length}_${i}`,
        type: 'function',
        function: { name: c.name, arguments: JSON.stringify(c.arguments) },
      }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          ...base,
          object: 'chat.completion',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: turn.text ?? null, ...(calls.length ? { tool_calls: calls } : {}) },
              finish_reason: calls.length ? 'tool_calls' : 'stop',
            },
          ],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
      return;
    }
    const scripted = !body.stream && current.respond ? await current.respond(body) : undefined;
    if (scripted !== undefined) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          ...base,
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: scripted }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
      return;
    }
    if (!body.stream) {
      const isJudge = current.judge !== undefined && body.messages.some((m) => m.role === 'system' && m.content.includes('"verdicts"'));
      // A memory extraction request (services/memories/extract.ts) gets `memories` when one is scripted.
      const isMemories = current.memories !== undefined && body.messages.some((m) => m.role === 'system' && m.content.includes('worth remembering'));
      const isPlan = current.plan !== undefined && body.messages.some((m) => m.role === 'system' && m.content.includes('"searches"'));
      const content = isPlan ? current.plan! : isJudge ? current.judge! : isMemories ? current.memories! : (current.related ?? 'What else should I know?');
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          ...base,
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const chunk = (delta: object, finish: string | null = null) =>
      res.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
    const toolCalls = body.tools && current.answerTools ? current.answerTools(body) : [];
    if (toolCalls.length) {
      chunk({
        role: 'assistant',
        tool_calls: toolCalls.map((c, index) => ({
          index,
          id: `call_${requests.length}_${index}`,
          type: 'function',
          function: { name: c.name, arguments: JSON.stringify(c.arguments) },
        })),
      });
      chunk({}, 'tool_calls');
      res.end('data: [DONE]\n\n');
      return;
    }
    for (let i = 0; i < current.chunks.length; i++) {
      if (res.destroyed) return;
      if (current.delayMs) await new Promise((r) => setTimeout(r, current.delayMs));
      if (current.failAfter !== undefined && i >= current.failAfter) {
        // The provider goes away mid-answer, after what it sent has reached the client.
        await new Promise((r) => setTimeout(r, 100));
        res.destroy();
        return;
      }
      chunk(i === 0 ? { role: 'assistant', content: current.chunks[i] } : { content: current.chunks[i] });
    }
    chunk({}, 'stop');
    res.end('data: [DONE]\n\n');
  });
  return {
    ...fake,
    baseUrl: `${fake.url}/v1`,
    requests,
    script: (next: LlmScript) => {
      script = next;
    },
  };
}
