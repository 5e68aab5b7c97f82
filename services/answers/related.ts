// Follow-up questions without an LLM: the headings (help corpus, written as questions) and
// titles of the sources, other than the question just asked.
import { terms } from './extractive.js';
import type { Passage } from './types.js';

export const MAX_RELATED = 3;

export function relatedFromPassages(question: string, passages: Passage[]): string[] {
  const asked = terms(question).join(' ');
  const seen = new Set<string>();
  const out: string[] = [];
  for (const p of passages) {
    const candidate = p.heading || p.title;
    const key = terms(candidate).join(' ');
    if (!candidate || !key || key === asked || seen.has(key)) continue;
    seen.add(key);
    out.push(/\?$/.test(candidate) ? candidate : `Tell me more about ${candidate}`);
    if (out.length === MAX_RELATED) break;
  }
  return out;
}

/** Lines of an LLM's reply that look like questions, cleaned of list markers. */
export function parseRelated(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '').trim())
    .filter((l) => l.length > 3 && l.length <= 200)
    .slice(0, MAX_RELATED);
}
