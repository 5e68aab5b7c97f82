// Check sources: how well each cited sentence of an answer is backed by the passages it cites,
// measured as the share of the sentence's content words that those passages contain. Overlap
// sees words, not meaning: it never calls a sentence supported when it has too few content words
// to tell, or when it is about something else than the question asked (its words are in the
// source because it was quoted from it, which says nothing of whether it answers); it says why.
import { sentencesOf, terms } from './extractive.js';
import { coverage, RELEVANT_AT } from './relevance.js';

export type Verdict = 'supported' | 'weak' | 'unsupported';
export type SourceCheck = { sentence: string; citations: number[]; verdict: Verdict; score: number; reason?: string };
/** A cited source: its name and snippet, and the whole passage when it is known. */
export type CheckedSource = { name: string; snippet: string; passage?: string };

// Thresholds on the share of content words found in the cited passages: at least 60% is
// "supported" (a paraphrase keeps most words), at least 30% "weak" (related, partly backed),
// below that "unsupported".
export const SUPPORTED_AT = 0.6;
export const WEAK_AT = 0.3;

const MARKER = /\s*\[(\d{1,6})\]/g;

/** A sentence with fewer content words than this is too short for overlap to tell support. */
export const MIN_CHECKED_WORDS = 3;

export const TOO_SHORT_TO_CHECK = 'Too few words to check by overlap; without an answer model this sentence is not checked for meaning.';
export const OFF_QUESTION =
  'Its words are in the cited source, but it and its source are about something else than the question asked, so overlap cannot tell whether it answers it.';

export function verdictFor(score: number): Verdict {
  return score >= SUPPORTED_AT ? 'supported' : score >= WEAK_AT ? 'weak' : 'unsupported';
}

/** The sentence as a reader sees it: no markers, no list or heading prefix, tidy spaces. */
export function plainSentence(text: string) {
  return withoutMarkers(text)
    .replace(/^\s*(?:[-*+]|\d+[.)]|#{1,6})\s+/, '')
    .replace(/\s+([.,;:!?])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Removing a marker can join the text around it into another ("[0[1]]" -> "[0]"): until none is left. */
function withoutMarkers(text: string) {
  for (let before = ''; before !== text; ) [before, text] = [text, text.replace(MARKER, '')];
  return text;
}

/** Share (0..1) of the sentence's distinct content words found in `evidence`. */
export function overlapScore(sentence: string, evidence: string) {
  const wanted = new Set(terms(sentence));
  if (wanted.size === 0) return 0;
  const have = new Set(terms(evidence));
  let found = 0;
  for (const t of wanted) if (have.has(t)) found++;
  return Math.round((found / wanted.size) * 1000) / 1000;
}

/**
 * The overlap verdict, lowered to weak (with why) when overlap cannot tell: too few words, or a
 * sentence and sources about another subject than `question` (they hold less of its content words
 * than a passage must to be used for it, relevance.ts).
 */
export function overlapCheck(sentence: string, score: number, evidence: string, question?: string): Pick<SourceCheck, 'verdict' | 'reason'> {
  const verdict = verdictFor(score);
  if (verdict !== 'supported') return { verdict };
  if (new Set(terms(sentence)).size < MIN_CHECKED_WORDS) return { verdict: 'weak', reason: TOO_SHORT_TO_CHECK };
  if (question && terms(question).length && coverage(question, `${sentence}\n${evidence}`) < RELEVANT_AT) return { verdict: 'weak', reason: OFF_QUESTION };
  return { verdict };
}

/** Every sentence of `answer` that carries citation markers, with its overlap verdict (`question`: what was asked). */
export function checkAnswer(answer: string, sources: CheckedSource[], question?: string): { sources_count: number; checks: SourceCheck[] } {
  const cited = new Set<number>();
  const checks: SourceCheck[] = [];
  for (const raw of sentencesOf(answer)) {
    const markers = [...raw.matchAll(MARKER)].map((m) => Number(m[1]));
    if (markers.length === 0) continue;
    const sentence = plainSentence(raw);
    if (!sentence) continue;
    // A marker that points at no source backs nothing: it is left out of the citations.
    const citations = [...new Set(markers)].filter((n) => n >= 1 && n <= sources.length);
    for (const n of citations) cited.add(n);
    const evidence = citations.map((n) => evidenceOf(sources[n - 1])).join('\n');
    const score = citations.length ? overlapScore(sentence, evidence) : 0;
    checks.push({ sentence, citations, ...overlapCheck(sentence, score, evidence, question), score });
  }
  return { sources_count: cited.size, checks };
}

function evidenceOf(s: CheckedSource) {
  return `${s.name}\n${s.snippet}\n${s.passage ?? ''}`;
}
