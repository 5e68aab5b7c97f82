// A follow-up is read with the conversation before it: "Can I make it public?" after "How do I
// share a thread?" is about sharing threads, and searched as such. A question is a follow-up
// when it is short (a few content words) or leans on what came before (a pronoun); its search
// then adds the previous question's content words it lacks. The model, when one is configured,
// gets the earlier turns themselves (models.ts).
import { contentWords, stem } from './extractive.js';

/** One earlier question of the thread and its answer. */
export type Turn = { query: string; answer: string };

/** Earlier turns a model is given: enough for "it" to point somewhere, not the whole thread. */
export const TURNS_KEPT = 3;

/** A question of at most this many content words is read as a follow-up. */
export const SHORT_QUESTION = 3;

const LEANING = new Set('it its this that these those they them their theirs there he him his she her hers one ones same else more'.split(' '));

/** Whether the question points back with a pronoun ("make it public", "what about them"). */
export function pointsBack(question: string): boolean {
  return (question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).some((w) => LEANING.has(w));
}

/** Whether the question is read with the conversation before it: short, or pointing back. */
export function isFollowUp(question: string): boolean {
  return contentWords(question).length <= SHORT_QUESTION || pointsBack(question);
}

/** What is searched for the question: a follow-up with the previous question's key words it lacks. */
export function contextualQuery(question: string, earlier: readonly Turn[]): string {
  const previous = earlier.at(-1);
  if (!previous || !isFollowUp(question)) return question;
  const have = new Set(contentWords(question).map(stem));
  const added: string[] = [];
  for (const word of contentWords(previous.query)) {
    const t = stem(word);
    if (have.has(t)) continue;
    have.add(t);
    added.push(word);
  }
  // One question still (its closing mark dropped), so that it is not read as two (relevance.ts).
  return added.length ? `${question.trim().replace(/[?.!\s]+$/, '')} ${added.join(' ')}` : question;
}

/** The turns before `backendUuid` in thread order that ended with an answer, the last TURNS_KEPT. */
export function turnsBefore(
  entries: readonly { backend_uuid: string; query_str: string; answer: string | null; status: string }[],
  backendUuid: string,
): Turn[] {
  const at = entries.findIndex((e) => e.backend_uuid === backendUuid);
  return (at === -1 ? entries : entries.slice(0, at))
    .filter((e) => e.status === 'completed' && e.query_str.trim())
    .slice(-TURNS_KEPT)
    .map((e) => ({ query: e.query_str, answer: e.answer ?? '' }));
}
