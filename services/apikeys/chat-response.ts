// The engine's answer as OpenAI's chat completion (and its stream's chunks), with Perplexity's
// `citations`, `search_results` and `related_questions`, and `url_citation` annotations on the
// message for each `[n]` marker. Pure.
import type { SourceData } from '../threads/index.js';

export type SearchResult = {
  title: string;
  url: string;
  date: string | null;
  snippet: string;
  source: 'web' | 'file' | 'space' | 'memory' | 'connector' | 'guide';
};
export type Annotation = { type: 'url_citation'; url_citation: { url: string; title: string; start_index: number; end_index: number } };
export type Usage = { prompt_tokens: number; completion_tokens: number; total_tokens: number; num_search_queries: number };

/** Tokens are counted as one per four characters (README): the offline model reports none. */
export const tokensOf = (chars: number) => Math.ceil(chars / 4);

function kindOf(s: SourceData): SearchResult['source'] {
  const meta = s.meta_data as Record<string, unknown> | undefined;
  const flags = s as Record<string, unknown>;
  if (flags.is_memory || flags.is_conversation_history) return 'memory';
  if (meta?.connection_type) return 'connector';
  if (meta?.file_uuid) return 'file';
  if (s.url.startsWith('/')) return 'guide';
  return 'web';
}

export const searchResultsOf = (sources: SourceData[]): SearchResult[] =>
  sources.map((s) => ({
    title: s.name,
    url: s.url,
    date: ((s.meta_data as { published_date?: string | null } | undefined)?.published_date ?? null) || null,
    snippet: s.snippet ?? '',
    source: kindOf(s),
  }));

/** One annotation per `[n]` marker that points at a source, where the marker stands in the text. */
export function annotationsOf(text: string, sources: SourceData[]): Annotation[] {
  const out: Annotation[] = [];
  for (const m of text.matchAll(/\[(\d{1,3})\]/g)) {
    const source = sources[Number(m[1]) - 1];
    if (!source) continue;
    out.push({ type: 'url_citation', url_citation: { url: source.url, title: source.name, start_index: m.index, end_index: m.index + m[0].length } });
  }
  return out;
}

export type Answered = { text: string; sources: SourceData[]; related: string[] };

export function usageOf(promptChars: number, answer: string, searched: boolean): Usage {
  const prompt_tokens = tokensOf(promptChars);
  const completion_tokens = tokensOf(answer.length);
  return { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens, num_search_queries: searched ? 1 : 0 };
}

export type CompletionMeta = { id: string; created: number; model: string; related: boolean };

export function completionOf(meta: CompletionMeta, answered: Answered, usage: Usage) {
  return {
    id: meta.id,
    object: 'chat.completion' as const,
    created: meta.created,
    model: meta.model,
    choices: [
      {
        index: 0,
        finish_reason: 'stop' as const,
        message: { role: 'assistant' as const, content: answered.text, refusal: null, annotations: annotationsOf(answered.text, answered.sources) },
      },
    ],
    citations: answered.sources.map((s) => s.url),
    search_results: searchResultsOf(answered.sources),
    ...(meta.related ? { related_questions: answered.related } : {}),
    usage,
  };
}

/** A chunk of the stream: `delta` and, on the last, `finish_reason` and whatever else is given. */
export function chunkOf(meta: CompletionMeta, delta: Record<string, unknown>, finish: 'stop' | null, extra: Record<string, unknown> = {}) {
  return {
    id: meta.id,
    object: 'chat.completion.chunk',
    created: meta.created,
    model: meta.model,
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...extra,
  };
}
