// Finding what to remember in a person's own question. The offline extractor keeps clear
// first-person statements ("I am", "I prefer", "my ... is", "remember that"); with a configured
// model (LLM_BASE_URL) a prompt keeps only durable facts and preferences.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText } from 'ai';
import { MEMORY_CONTENT_MAX } from './limits.js';

export type MemoryExtractor = (question: string) => Promise<string[]>;

const STATEMENT = /^(?:i am|i'm|i prefer|my\s+\S.*?\s+(?:is|are)|remember that)\s+\S/i;

/** The statements of the question that say something about the person; never a question. */
export function offlineStatements(question: string): string[] {
  return question
    .split(/(?<=[.!?;])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => !s.endsWith('?') && STATEMENT.test(s))
    .map((s) =>
      s
        .replace(/^remember that\s+/i, '')
        .replace(/[.!;,\s]+$/, '')
        .replace(/^./, (c) => c.toUpperCase()),
    )
    .filter((s) => s.length >= 5 && [...s].length <= MEMORY_CONTENT_MAX);
}

export const offlineExtractor: MemoryExtractor = async (question) => offlineStatements(question);

export const EXTRACTION_PROMPT =
  'You pick out what is worth remembering about a person from a question they asked. Keep only durable facts about them ' +
  '(who they are, where they live, their work, their family, their circumstances) and lasting preferences (what they like, ' +
  'dislike, want answers to be). Ignore the question itself, one-off tasks, passing moods and anything about other people. ' +
  'Write each as one short first-person sentence ("I am vegetarian."), one per line, and nothing else. If there is nothing, write NONE.';

/** A line the prompt asked for: a first-person statement, not a question (a model answering the question instead gives none). */
const FIRST_PERSON = /^(?:i|i'm|i've|my)\b/i;

export function parseExtraction(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '').trim())
    .filter((l) => FIRST_PERSON.test(l) && !l.endsWith('?') && [...l].length <= MEMORY_CONTENT_MAX)
    .slice(0, 5);
}

export function llmExtractor(cfg: { baseUrl: string; model: string; apiKey?: string }, timeoutMs: number): MemoryExtractor {
  const model = createOpenAICompatible({ name: 'llm', baseURL: cfg.baseUrl, apiKey: cfg.apiKey }).chatModel(cfg.model);
  return async (question) => {
    const { text } = await generateText({
      model,
      maxRetries: 1,
      abortSignal: AbortSignal.timeout(timeoutMs),
      system: EXTRACTION_PROMPT,
      // The question is the person's text: quoted as material, never as instructions.
      prompt: `The person's question:\n"""\n${question}\n"""`,
    });
    return parseExtraction(text);
  };
}
