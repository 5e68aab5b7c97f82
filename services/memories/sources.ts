// The person's memories as sources of an answer: the relevant usable ones, when the person
// lets answers use memories. Each is cited like any source (`is_memory`).
import type { Db } from '../db/database.js';
import { usableMemories } from './queries.js';
import { relevantMemories } from './relevant.js';

export type MemorySource = { memory_key: string; content: string; timestamp: string; url: string };

/** Where a memory is identified (seed 003 §3: a memory search item's type is known by its url). */
export const memoryUrl = (key: string) => `/account/memories/${key}`;

export async function memorySourcesFor(db: Db, userId: string, question: string): Promise<MemorySource[]> {
  return relevantMemories(question, await usableMemories(db, userId)).map((m) => ({
    memory_key: m.memory_key,
    content: m.content,
    timestamp: new Date(m.created_at).toISOString(),
    url: memoryUrl(m.memory_key),
  }));
}
