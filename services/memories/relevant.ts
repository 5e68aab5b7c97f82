// Which of a person's memories bear on a question: those sharing a content word with it, the
// most shared first. Cheap on purpose: it runs before every personalised answer's first byte.
import { MEMORIES_PER_ANSWER } from './limits.js';

const STOP = new Set(
  'a am an and are as at be by can do does for from has have how i if im in is it its me my of on or so that the their them then there these they this to was what when where which who why will with you your remember prefer like'.split(
    ' ',
  ),
);

export function memoryTerms(text: string) {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((w) => !STOP.has(w) && w.length > 1)
    .map((w) => w.replace(/(ing|ed|es|s)$/, '').replace(/e$/, '') || w);
}

export function relevantMemories<M extends { content: string }>(question: string, memories: readonly M[], max = MEMORIES_PER_ANSWER): M[] {
  const wanted = new Set(memoryTerms(question));
  if (wanted.size === 0) return [];
  return memories
    .map((m, i) => ({ m, i, score: [...new Set(memoryTerms(m.content))].filter((t) => wanted.has(t)).length }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, max)
    .map((s) => s.m);
}
