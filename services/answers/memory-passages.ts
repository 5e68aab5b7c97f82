// A memory or an earlier conversation as a passage an answer may cite, marked so the reader sees
// it is what the product remembers about them, not something from the web.
import type { MemorySource } from '../memories/index.js';
import type { Passage } from './types.js';

export const memoryPassage = (m: MemorySource): Passage => ({
  url: m.url,
  title: m.title,
  heading: '',
  content: m.content,
  domain: m.kind === 'memory' ? 'memory' : 'your history',
  published_date: null,
  memory: { timestamp: m.timestamp, kind: m.kind },
});
