// Whether a passage is about the question. BM25 ranks any passage that shares one word with the
// question ("point" in "boiling point", "make" in "make it public"), so its top k is never empty
// while the index holds a common word; an answer quoted from such a passage is off topic. A
// passage is used only when it holds enough of the question's content words (stop words
// dropped, light stemming as in extractive.ts), counted in its title, heading and text.
//
// Calibrated on the retrieval eval (relevance.eval.test.ts: the 550 questions of the
// `interview-questions` package over their own sections and the user guide, with off-topic
// questions over the same passages): see RELEVANT_AT.
import { terms } from './extractive.js';
import { pointsBack } from './follow-up.js';

/**
 * The least share of the question's content words a passage must hold. On the eval (BM25's top 5
 * of each question): 0.5 keeps a question's own section for all 549 titles and 181 of 182
 * questions in other words (0.6: 176, 0.67: 157), and drops all but 5 of the 200 passages found for 40
 * off-topic questions (0.4: 6 kept, 0.3: 41).
 */
export const RELEVANT_AT = 0.5;

/**
 * The share (0..1) of the question's distinct content words that `text` holds, 0 when it has none;
 * of a compound question ("When are the hives wrapped, and when does the harvest start?"), the
 * best of its parts' and its whole's, as a passage may answer one part.
 */
export function coverage(question: string, text: string): number {
  const have = new Set(terms(text));
  return Math.max(...[question, ...questionParts(question)].map((q) => shareHeld(q, have)));
}

function shareHeld(question: string, have: ReadonlySet<string>) {
  const wanted = new Set(terms(question));
  if (wanted.size === 0) return 0;
  let found = 0;
  for (const t of wanted) if (have.has(t)) found++;
  return found / wanted.size;
}

// Where a compound question parts: after a question mark or a semicolon, and at ", and" / ", or"
// or "and" before a question word. Linear: no part of the pattern can backtrack far.
const PARTS = /[?;]|,\s*(?:and|or|but)\s+|\s(?:and|or)\s+(?=(?:when|what|how|where|who|why|which|whether|is|are|do|does|did|can)\b)/i;

/** The parts of a compound question that have words of their own; none for a simple one. */
export function questionParts(question: string): string[] {
  const parts = question.split(PARTS).filter((p) => terms(p).length > 0);
  return parts.length > 1 ? parts : [];
}

export type Judged = { title: string; heading: string; content: string };

export const passageText = (p: Judged) => `${p.title}\n${p.heading}\n${p.content}`;

/**
 * Whether the passage is about the question. `asked`: the question as asked, when `query` is its
 * follow-up form (follow-up.ts, the previous question's words added): then a passage that holds
 * every word asked is about it; one that holds enough of the query is about it when the question
 * points back ("Can I make it public?": "it" is the previous topic) or holds a word asked, so a
 * short new question ("What is entropy?") is not answered from the previous topic.
 */
export function isRelevant(query: string, p: Judged, asked: string = query, at = RELEVANT_AT): boolean {
  const text = passageText(p);
  if (asked === query) return coverage(query, text) >= at;
  const own = coverage(asked, text);
  if (own === 1) return true;
  return coverage(query, text) >= at && (own > 0 || pointsBack(asked) || terms(asked).length === 0);
}

/** The passages about the question, in their order. */
export function relevantOnly<P extends Judged>(query: string, passages: readonly P[], asked: string = query, at = RELEVANT_AT): P[] {
  return passages.filter((p) => isRelevant(query, p, asked, at));
}
