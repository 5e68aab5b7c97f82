// What the engine takes of an OpenAI Chat Completions request. Pure. Each request is a new
// question: the last `user` message is asked, read with the conversation before it (the earlier
// user and assistant turns, as a follow-up in a thread is: conversationOf); system messages are
// counted in the prompt's tokens but not sent (the engine writes from its sources).
import { MAX_QUERY_LENGTH } from '../threads/index.js';
import { apiKeyErrors } from './errors.js';

/** All messages together hold at most this many characters (README "Answer API"). */
export const MAX_PROMPT_CHARS = 100_000;

type Content = string | null | undefined | { type: string; text?: string }[];
export type ChatMessage = { role: string; content?: Content };

export const textOf = (content: Content) =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content.map((p) => (p.type === 'text' && typeof p.text === 'string' ? p.text : '')).join('\n')
      : '';

export function questionOf(messages: ChatMessage[]): { question: string; promptChars: number } {
  const promptChars = messages.reduce((n, m) => n + textOf(m.content).length, 0);
  if (promptChars > MAX_PROMPT_CHARS) throw apiKeyErrors.promptTooLong(MAX_PROMPT_CHARS);
  const last = messages.at(-1);
  const question = last?.role === 'user' ? textOf(last.content).trim() : '';
  if (!question) throw apiKeyErrors.noQuestion();
  if (question.length > MAX_QUERY_LENGTH) throw apiKeyErrors.questionTooLong(MAX_QUERY_LENGTH);
  return { question, promptChars };
}

export type RecencyFilter = 'hour' | 'day' | 'week' | 'month' | 'year';

/** The answer job's search filters from Perplexity's request fields (a leading `-` excludes a domain). */
export function filtersOf(body: { search_domain_filter?: string[]; search_recency_filter?: RecencyFilter }) {
  const domains = body.search_domain_filter?.map((d) => d.trim().toLowerCase()).filter((d) => d && d !== '-');
  const filters = { ...(domains?.length ? { domains } : {}), ...(body.search_recency_filter ? { recency: body.search_recency_filter } : {}) };
  return Object.keys(filters).length ? filters : undefined;
}

/** The earlier turns a question is read with (the engine's own bound: follow-up.ts keeps 3). */
export const TURNS_READ = 3;
/** Each earlier turn's text is cut to this many characters: context, not a document to answer from. */
export const TURN_CHARS = 4_000;

/**
 * The conversation before the question, as the engine's turns: each `user` message before the
 * last with the `assistant` reply that follows it (none: an empty answer); system, developer and
 * tool messages are not turns. The last TURNS_READ turns, each cut to TURN_CHARS.
 */
export function conversationOf(messages: ChatMessage[]): { query: string; answer: string }[] {
  const turns: { query: string; answer: string }[] = [];
  for (const m of messages.slice(0, -1)) {
    const text = textOf(m.content).trim().slice(0, TURN_CHARS);
    if (m.role === 'user' && text) turns.push({ query: text, answer: '' });
    else if (m.role === 'assistant' && turns.length && !turns.at(-1)!.answer) turns.at(-1)!.answer = text;
  }
  return turns.slice(-TURNS_READ);
}
