// A memory as a passage an answer may cite: titled so the reader sees it is what the product
// remembers about them, not something from the web.
import type { MemorySource } from '../memories/index.js';
import type { Passage } from './types.js';

export const MEMORY_TITLE = 'Memory';

export const memoryPassage = (m: MemorySource): Passage => ({
  url: m.url,
  title: MEMORY_TITLE,
  heading: '',
  content: m.content,
  domain: 'memory',
  published_date: null,
  memory: { timestamp: m.timestamp },
});
