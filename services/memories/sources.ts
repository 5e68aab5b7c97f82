// The person's memories and earlier conversation as sources of an answer, when the person lets
// answers use memories: the relevant usable memories (`is_memory`), and at most one earlier
// answered question of theirs that shares at least two content words with this one
// (`is_conversation_history`). Each is cited like any source.
import type { Db } from '../db/database.js';
import { ownAnsweredEntries } from '../threads/index.js';
import { memoriesForAnswers } from './queries.js';
import { memoryTerms, relevantMemories } from './relevant.js';

export type MemorySource = {
  kind: 'memory' | 'conversation_history';
  title: string;
  content: string;
  timestamp: string;
  url: string;
};

/** Where a memory is identified (seed 003 §3: a memory search item's type is known by its url). */
export const memoryUrl = (key: string) => `/account/memories/${key}`;
/** An earlier entry: its id is the last path segment (seed 003 §3). */
export const conversationUrl = (slug: string, backendUuid: string) => `/search/${slug}/${backendUuid}`;

const HISTORY_MIN_SHARED = 2;
/**
 * How many of the person's latest answered questions are looked through for an earlier
 * conversation. It runs on every answer: through 200, the answers bench's sources event at 20
 * concurrent asks was 176.6 ms p95; through 20, 143.3 ms (budget 150; one run each, quiet machine).
 */
const HISTORY_LOOKED_THROUGH = 20;
const wordsOf = (s: string) => (s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(' ');
/** Whether two questions are the same, whatever their case, spacing and punctuation. */
export const sameQuestion = (a: string, b: string) => wordsOf(a) === wordsOf(b);
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 3)}...` : s);

export async function memorySourcesFor(db: Db, userId: string, question: string, contextUuid: string | null = null): Promise<MemorySource[]> {
  const [{ usable, enabled }, history] = await Promise.all([
    memoriesForAnswers(db, userId),
    ownAnsweredEntries(db, userId, contextUuid, HISTORY_LOOKED_THROUGH),
  ]);
  const memories: MemorySource[] = relevantMemories(question, usable).map((m) => ({
    kind: 'memory',
    title: 'Memory',
    content: m.content,
    timestamp: new Date(m.created_at).toISOString(),
    url: memoryUrl(m.memory_key),
  }));
  if (!enabled) return memories;
  const wanted = new Set(memoryTerms(question));
  // The same question asked before (a task's prompt at each run, a question asked again) is no
  // source for itself: its earlier answer would be cited as "your history" for what is asked anew.
  const earlier = history
    .filter((e) => !sameQuestion(e.query_str, question))
    .map((e) => ({ e, shared: [...new Set(memoryTerms(e.query_str))].filter((t) => wanted.has(t)).length }))
    .filter((s) => s.shared >= HISTORY_MIN_SHARED)
    .sort((a, b) => b.shared - a.shared)[0]?.e;
  if (!earlier) return memories;
  return [
    ...memories,
    {
      kind: 'conversation_history',
      title: earlier.title || earlier.query_str,
      content: clip(`${earlier.query_str}\n${earlier.answer}`, 1500),
      timestamp: new Date(earlier.updated_at).toISOString(),
      url: conversationUrl(earlier.thread_url_slug, earlier.backend_uuid),
    },
  ];
}
