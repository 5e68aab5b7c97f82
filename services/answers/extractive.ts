// The offline model: no LLM, just the sentences of the retrieved passages that best match the
// question (term overlap), kept in passage order, each followed by its citation marker.
import type { Passage } from './types.js';

// English function words: they say how a question is asked, not what it is about.
const STOP = new Set(
  (
    'a about after again all also am an and any are as at be been before being both but by can could did do does doing done for from ' +
    'had has have having how i if in into is it its just me more most much my no not of off on only or other our ours out over ' +
    'should so some such than that the their them then there these they this those to too under up us very was we were what when ' +
    'where which while who whom why will with would you your'
  ).split(' '),
);
export const MAX_SENTENCES = 4;

/** Lower-cased content words as written (stop words and single characters dropped). */
export function contentWords(text: string) {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOP.has(w) && w.length > 1);
}

/** Lower-cased content words with a light stemming, so "sharing" meets "share". */
export function terms(text: string) {
  return contentWords(text).map(stem);
}
export function stem(w: string) {
  // "wrapped" and "running" meet "wrap" and "run": a doubled consonant left by the ending is one.
  return (
    w
      .replace(/(ing|ed|es|s)$/, '')
      .replace(/([bdfglmnprt])\1$/, '$1')
      .replace(/e$/, '') || w
  );
}

export function sentencesOf(text: string) {
  // Table rows and list items are sentences of their own; prose splits after . ! ?
  return text
    .split(/\n+/)
    .flatMap((line) => (line.trim().startsWith('|') ? [line.trim()] : line.split(/(?<=[.!?])\s+(?=[A-Z"(])/)))
    .map((s) => s.trim())
    .filter((s) => s.length > 0 && !/^\|[-| ]+\|$/.test(s));
}

export type Picked = { source: number; sentence: string };

const wordsOf = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(' ');

/**
 * A question answers nothing: a source's own question (a FAQ heading, an earlier question kept as
 * history) or a sentence that only says the question again (a task's prompt) is never quoted.
 */
function restatesQuestion(sentence: string, askedWords: string) {
  return /\?["')\]]*$/.test(sentence.trim()) || wordsOf(sentence) === askedWords;
}

// "name: value" pairs of a table row (services/passages/chunk.ts namedRow), parted into the
// names and the values; a sentence that is no such row is all values.
const LABEL = /(^|, )([^:,\n]{1,60}): /g;
function labelled(sentence: string) {
  const names: string[] = [];
  const values = sentence.replace(LABEL, (_m, lead: string, name: string) => {
    names.push(name);
    return `${lead} `;
  });
  return { names: names.join(' '), values };
}

/** The best sentences, at most `max`, in the order their passages (then the text) have them. */
export function pickSentences(question: string, passages: Passage[], max = MAX_SENTENCES): Picked[] {
  const wanted = new Set(terms(question));
  if (wanted.size === 0) return [];
  const asked = wordsOf(question);
  const scored = passages.flatMap((p, source) => {
    const heading = new Set(terms(p.heading));
    return sentencesOf(p.content)
      .filter((sentence) => !restatesQuestion(sentence, asked))
      .map((sentence, index) => {
        // A table row's column names ("robots_sold: 1,240") are in every row: they weigh like a
        // heading, so the row with the asked-about value ("Spain") is the one quoted.
        const { names, values } = labelled(sentence);
        const own = new Set(terms(values));
        const named = new Set(terms(names));
        let score = 0;
        for (const t of wanted) score += own.has(t) ? 1 : named.has(t) || heading.has(t) ? 0.25 : 0;
        return { source, index, sentence, score };
      });
  });
  // Only sentences close to the best match: one shared word alone is rarely an answer.
  const best = Math.max(0, ...scored.map((s) => s.score));
  const threshold = Math.max(1, best * 0.6);
  return scored
    .filter((s) => s.score >= threshold)
    .sort((a, b) => b.score - a.score || a.source - b.source || a.index - b.index)
    .slice(0, max)
    .sort((a, b) => a.source - b.source || a.index - b.index)
    .map(({ source, sentence }) => ({ source, sentence }));
}

/** The answer as deltas, sentence by sentence, each cited with its 1-based source number. */
export function extractiveAnswer(question: string, passages: Passage[], max = MAX_SENTENCES): string[] {
  const picked = pickSentences(question, passages, max);
  if (picked.length === 0) return ['I found nothing about this in the sources available to me.'];
  // The marker goes before the sentence's closing punctuation: "… the Share menu [1]."
  return picked.map((p, i) => `${i === 0 ? '' : ' '}${p.sentence.trim().replace(/([.!?:;]*)$/, ` [${p.source + 1}]$1`)}`);
}
