// What the engine takes of an OpenAI Chat Completions request. Pure. Each request is a new
// question: the last `user` message is asked; the earlier turns and system messages are counted
// in the prompt's tokens but not sent (the engine writes from its sources, not a chat history).
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
