// The offline Pro Search planner: a question becomes a few searches without a model. Pure.
// The question itself is always searched first; a compound question ("X and Y", "compare A
// with B", "A vs B", a list "A, B and C") adds a search per part, each part carrying the words
// the parts share ("capital of France and Germany" searches "capital of France" and "capital of
// Germany"); the key entities (capitalised names, quoted phrases) add a search of their own.
import { contentWords } from '../extractive.js';

/** Searches a plan holds at most (the model's plan is cut to this too). */
export const MAX_SEARCHES = 5;
/** Searches a plan holds at least, when the question has any content word. */
export const MIN_SEARCHES = 2;
/** The longest search, in characters: a search engine reads no further. */
export const MAX_QUERY_CHARS = 200;

const QUESTION_WORD =
  /^(what|which|who|whom|whose|when|where|why|how|is|are|was|were|do|does|did|can|could|should|would|will|tell me|explain|describe|list|give me|show me)\b\s*/i;
// "compare A with B", "compare A and B", "the difference between A and B", "A vs B", "A versus B".
const COMPARE = /\b(?:compare|comparing|comparison of|difference between|differences between|contrast)\s+(.+?)\s+(?:with|to|and|against|vs\.?|versus)\s+(.+)$/i;
const VERSUS = /^(.+?)\s+(?:vs\.?|versus)\s+(.+)$/i;
// A list's separators: commas and a final "and"/"or" (", and" too).
const LIST_SPLIT = /\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+/i;

/** Whitespace collapsed, trailing punctuation dropped, cut to MAX_QUERY_CHARS. */
export function cleanQuery(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[?!.,;:]+$/, '')
    .trim()
    .slice(0, MAX_QUERY_CHARS)
    .trim();
}

/** The question's core: its question word and trailing punctuation dropped. */
function core(question: string) {
  let c = cleanQuery(question);
  // "What is", "how does": each question word in turn.
  for (let i = 0; i < 3 && QUESTION_WORD.test(c); i++) c = c.replace(QUESTION_WORD, '').trim();
  return c;
}

/** The two sides of a comparison, or null. */
export function comparedSides(question: string): [string, string] | null {
  const c = core(question);
  const m = COMPARE.exec(c) ?? VERSUS.exec(c);
  if (!m) return null;
  const a = cleanQuery(m[1].replace(/^(the|a|an)\s+/i, ''));
  const b = cleanQuery(m[2]);
  return contentWords(a).length && contentWords(b).length ? [a, b] : null;
}

/**
 * The parts of a list or "X and Y" question, each with the words before the list ("capital of
 * France and Germany": "capital of France", "capital of Germany"); none for a simple question.
 */
export function listParts(question: string): string[] {
  const c = core(question);
  const pieces = c.split(LIST_SPLIT).filter((p) => p.length > 0);
  if (pieces.length < 2 || pieces.some((p) => contentWords(p).length === 0)) return [];
  // The first piece holds the shared head ("capital of France"): its last words are the first item.
  const first = pieces[0];
  const itemWords = Math.max(1, Math.min(...pieces.slice(1).map((p) => p.split(' ').length)));
  const headWords = first.split(' ');
  if (headWords.length <= itemWords) return pieces.map(cleanQuery);
  const head = headWords.slice(0, headWords.length - itemWords).join(' ');
  const rest = pieces.slice(1).map((p) => (p.split(' ').length > 3 ? p : `${head} ${p}`));
  return [first, ...rest].map(cleanQuery);
}

/** Capitalised names not opening the question, and quoted phrases: what the question is about. */
export function keyEntities(question: string): string[] {
  const quoted = [...question.matchAll(/["“']([^"”']{2,80})["”']/g)].map((m) => m[1].trim());
  const words = question.replace(/["“”]/g, ' ').split(/\s+/).filter(Boolean);
  const names: string[] = [];
  let run: string[] = [];
  words.forEach((raw, i) => {
    const w = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    const capital = /^\p{Lu}[\p{L}\p{N}-]*$/u.test(w) && i > 0 && contentWords(w).length > 0;
    if (capital) run.push(w);
    if (!capital || /[,;:?!.]$/.test(raw)) {
      if (run.length) names.push(run.join(' '));
      run = [];
    }
  });
  if (run.length) names.push(run.join(' '));
  return [...new Set([...quoted, ...names])];
}

/** Adds `q` unless empty, already there (case and spacing aside) or the plan is full. */
function add(plan: string[], q: string) {
  const query = cleanQuery(q);
  if (!query || contentWords(query).length === 0 || plan.length >= MAX_SEARCHES) return;
  const key = query.toLowerCase();
  if (!plan.some((p) => p.toLowerCase() === key)) plan.push(query);
}

/** The searches for a question: the question first, then its parts and key entities, 1 to MAX_SEARCHES. */
export function planSearches(question: string): string[] {
  const plan: string[] = [];
  const whole = cleanQuery(question);
  plan.push(whole || question.trim().slice(0, MAX_QUERY_CHARS) || '?');
  const sides = comparedSides(question);
  if (sides) for (const s of sides) add(plan, s);
  else for (const p of listParts(question)) add(plan, p);
  const keywords = contentWords(whole);
  for (const e of keyEntities(question)) {
    // An entity already searched on its own (a compared side, a listed item) needs no second search.
    if (plan.some((p) => p.toLowerCase() === e.toLowerCase())) continue;
    // An entity with the question's other key words: searched for what is asked about it.
    const others = keywords.filter((w) => !e.toLowerCase().split(' ').includes(w)).slice(0, 3);
    add(plan, [e, ...others].join(' '));
  }
  if (plan.length < MIN_SEARCHES) add(plan, keywords.join(' '));
  if (plan.length < MIN_SEARCHES && keywords.length) add(plan, `${keywords.join(' ')} overview`);
  return plan;
}

/**
 * A model's plan made safe to run: strings only, cleaned, deduplicated, the question first, at
 * most MAX_SEARCHES; null when it holds fewer than MIN_SEARCHES usable searches (the offline
 * planner then plans instead).
 */
export function acceptedPlan(question: string, proposed: unknown): string[] | null {
  if (!Array.isArray(proposed)) return null;
  const plan = [cleanQuery(question) || question.trim().slice(0, MAX_QUERY_CHARS)];
  for (const q of proposed) if (typeof q === 'string') add(plan, q);
  return plan.length >= MIN_SEARCHES ? plan : null;
}
