// Answering an OpenAI-style chat request with the engine: the key is checked, the request read,
// the Space checked, and only then the request is counted and asked as the key's owner, exactly
// as the app asks (threads' askQuestion: the same retrieval over what the owner may read, the same
// workflow), kept as an incognito thread out of their library. Nothing is recorded for a refusal.
import { randomUUID } from 'node:crypto';
import { DomainError } from '../shared/domain-error.js';
import { answerEventsOf, askingInSpace, askQuestion, type AnswerStreamEvent } from '../threads/index.js';
import type { ApiKeysContext } from './context.js';
import { conversationOf, filtersOf, questionOf, type ChatMessage, type RecencyFilter } from './chat-request.js';
import { apiModelIds, apiModelOf } from './model-names.js';
import { usageOf, type CompletionMeta } from './chat-response.js';
import { apiKeyErrors } from './errors.js';
import { admitKeyRequest, authenticateKey, recordKeyUse } from './use-cases.js';

export type ChatRequest = {
  model: string;
  messages: ChatMessage[];
  stream?: boolean | null;
  return_related_questions?: boolean;
  search_domain_filter?: string[];
  search_recency_filter?: RecencyFilter;
  collection?: string;
};

/** What the answer came to so far, and how to end it: its use is recorded once, whatever the outcome. */
export type ChatAnswer = {
  events: AsyncGenerator<AnswerStreamEvent>;
  /** Records the request's use with the answer's text as it stands; a second call does nothing. */
  finish: (answer: string) => Promise<ReturnType<typeof usageOf>>;
};

/** A request checked and counted: what its answer will say of itself, and how to ask it. */
export type AcceptedChat = { meta: CompletionMeta; ask: () => Promise<ChatAnswer> };

/**
 * Checks the key, the request and the Space, then counts the request: every refusal comes before
 * anything is recorded. The question is asked by `ask`, so a stream may say it is under way first.
 */
export async function acceptChat(ctx: ApiKeysContext, authorization: string | string[] | undefined, body: ChatRequest): Promise<AcceptedChat> {
  const { key, owner } = await authenticateKey(ctx, authorization, 'answers:write');
  const choice = apiModelOf(body.model, ctx.config.answerModels);
  if (!choice) throw apiKeyErrors.unknownModel(body.model);
  const { question, promptChars } = questionOf(body.messages);
  const conversation = conversationOf(body.messages);
  const space = body.collection ? (await askingInSpace(ctx, owner, body.collection).catch(spaceRefusal)).answer : null;
  await admitKeyRequest(ctx, key, owner);
  const meta: CompletionMeta = {
    id: `chatcmpl-${randomUUID()}`,
    created: Math.floor(ctx.now().getTime() / 1000),
    model: body.model,
    related: !!body.return_related_questions,
  };
  // Every answer runs one search over its sources (the owner's readable corpora and the web); a Pro Search, its plan's.
  let searches = 1;
  const record = (answer: string) =>
    (async () => {
      const usage = { ...usageOf(promptChars, answer, true), num_search_queries: searches };
      await recordKeyUse(ctx, key, {
        prompt_tokens: usage.prompt_tokens,
        completion_tokens: usage.completion_tokens,
        search_queries: usage.num_search_queries,
      });
      return usage;
    })();
  const ask = async (): Promise<ChatAnswer> => {
    let recorded: Promise<ReturnType<typeof usageOf>> | undefined;
    const finish = (answer: string) => (recorded ??= record(answer));
    try {
      const { created, start } = await askQuestion(
        ctx,
        owner,
        { query_str: question, ...(choice.model ? { model_preference: choice.model } : {}), answer_depth: choice.depth, incognito: true },
        null,
        // The Space's sources and instructions answer; the thread stays out of the Space and the library.
        { filters: filtersOf(body), ...(space ? { space } : {}), ...(conversation.length ? { conversation } : {}) },
      );
      return { events: countingSearches(answerEventsOf(ctx, created, start), (n) => (searches = n)), finish };
    } catch (err) {
      // Counted already: the request's use is recorded even though its question could not be asked.
      await finish('');
      throw err;
    }
  };
  return { meta, ask };
}

/** The answer's events as they come, saying how many searches a Pro Search ran (its `pro_search` event). */
async function* countingSearches(events: AsyncGenerator<AnswerStreamEvent>, searched: (n: number) => void): AsyncGenerator<AnswerStreamEvent> {
  for await (const e of events) {
    if (e.event === 'pro_search') searched(e.data.queries.length);
    yield e;
  }
}

/** A Space the owner cannot read is the answer API's 404 `collection_not_found`, whatever the Space domain calls it. */
function spaceRefusal(err: unknown): never {
  if (err instanceof DomainError && (err.kind === 'not_found' || err.kind === 'forbidden' || err.kind === 'unauthenticated'))
    throw apiKeyErrors.spaceNotFound();
  throw err;
}

/** `GET /v1/models`: the configured models, for a key with `models:read`; counted as a request. */
export async function listModelsForKey(ctx: ApiKeysContext, authorization: string | string[] | undefined) {
  const { key, owner } = await authenticateKey(ctx, authorization, 'models:read');
  await admitKeyRequest(ctx, key, owner);
  await recordKeyUse(ctx, key, { prompt_tokens: 0, completion_tokens: 0, search_queries: 0 });
  return apiModelIds(ctx.config.answerModels).map((id) => ({ id, object: 'model' as const, created: 0, owned_by: 'answer-engine' }));
}
