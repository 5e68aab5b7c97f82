// API keys over HTTP (/rest/account/api-keys) and the answer API (/v1), each handler one use case.
// On /v1 the edge writes errors in OpenAI's shape (services/http/openai-errors.ts).
import { type DomainRoutes, sse } from '../http/handler.js';
import type { SseStream } from '../http/sse.js';
import type { SourceData } from '../threads/index.js';
import { chunkOf, completionOf, annotationsOf, searchResultsOf } from './chat-response.js';
import { acceptChat, listModelsForKey, type AcceptedChat, type ChatAnswer, type ChatRequest } from './chat-use-case.js';
import type { ApiKeysContext } from './context.js';
import { createKey, listKeys, revokeKey } from './use-cases.js';

export const apiKeyRoutes = {
  async listApiKeys({ actor }, ctx) {
    return { status: 200, body: await listKeys(ctx, actor) };
  },
  async createApiKey({ actor, body }, ctx) {
    return { status: 201, body: await createKey(ctx, actor, body) };
  },
  async revokeApiKey({ actor, path }, ctx) {
    await revokeKey(ctx, actor, path.key_id);
    return { status: 204 };
  },
  async listApiModels({ headers }, ctx) {
    return { status: 200, body: { object: 'list' as const, data: await listModelsForKey(ctx, headers.authorization) } };
  },
  async createChatCompletion({ headers, body }, ctx) {
    const accepted = await acceptChat(ctx, headers.authorization, body as ChatRequest);
    if (body.stream) return sse((stream) => streamChat(stream, ctx, accepted));
    const answer = await accepted.ask();
    const { text, sources, related, failure } = await collect(answer);
    const usage = await answer.finish(text);
    if (failure) throw new Error(`the answer failed: ${failure}`);
    return { status: 200, body: completionOf(accepted.meta, { text, sources, related }, usage) };
  },
} satisfies DomainRoutes<ApiKeysContext>;

async function collect(answer: ChatAnswer) {
  let text = '';
  let sources: SourceData[] = [];
  let related: string[] = [];
  let failure: string | null = null;
  for await (const e of answer.events) {
    if (e.event === 'sources') sources = e.data.sources;
    else if (e.event === 'delta') text += e.data.text;
    else if (e.event === 'related') related = e.data.questions;
    else if (e.event === 'failed') failure = e.data.detail;
  }
  return { text, sources, related, failure };
}

const failedChunk = (message: string) => ({ error: { message, type: 'server_error', param: null, code: 'answer_failed' } });

/**
 * OpenAI's stream: the role first, as soon as the request is accepted (the first byte does not
 * wait for the question to be recorded), the text, then the end with what cites it.
 */
async function streamChat(stream: SseStream, ctx: ApiKeysContext, accepted: AcceptedChat) {
  const { meta } = accepted;
  let text = '';
  let sources: SourceData[] = [];
  let related: string[] = [];
  let answer: ChatAnswer | undefined;
  stream.onClose(() => void answer?.events.return(undefined).catch(() => {}));
  try {
    stream.sendData(chunkOf(meta, { role: 'assistant', content: '' }, null));
    try {
      answer = await accepted.ask();
    } catch (err) {
      ctx.logger.error({ err }, 'an API question could not be asked');
      stream.sendData(failedChunk('The answer could not be started. Try again.'));
      return;
    }
    for await (const e of answer.events) {
      if (stream.closed) break;
      if (e.event === 'sources') {
        sources = e.data.sources;
        stream.sendData(chunkOf(meta, {}, null, { citations: sources.map((s) => s.url), search_results: searchResultsOf(sources) }));
      } else if (e.event === 'delta') {
        text += e.data.text;
        stream.sendData(chunkOf(meta, { content: e.data.text }, null));
      } else if (e.event === 'related') related = e.data.questions;
      else if (e.event === 'failed') {
        await answer.finish(text);
        stream.sendData(failedChunk(e.data.detail));
        return;
      }
    }
    const usage = await answer.finish(text);
    stream.sendData(
      chunkOf(meta, { annotations: annotationsOf(text, sources) }, 'stop', {
        citations: sources.map((s) => s.url),
        search_results: searchResultsOf(sources),
        ...(meta.related ? { related_questions: related } : {}),
        usage,
      }),
    );
    stream.sendData('[DONE]');
  } finally {
    await answer?.finish(text).catch(() => {});
    stream.end();
  }
}
