// How far a Research report goes: sections, searches, sources and time, and the plan a model
// proposes cut to them. Pure: the workflow and its tests share these.

/** The bounds of one report; `maxSources` and `timeLimitMs` come from the configuration (README). */
export type ResearchBounds = { maxSources: number; timeLimitMs: number };
export const DEFAULT_RESEARCH_BOUNDS: ResearchBounds = { maxSources: 20, timeLimitMs: 10 * 60_000 };

export const MAX_SECTIONS = 4;
export const SEARCHES_PER_SECTION = 2;
/** Searches the reflection may add for the gaps it finds. */
export const MAX_GAP_SEARCHES = 3;
/** Results read per search. */
export const RESULTS_PER_SEARCH = 4;
export const MAX_TITLE_CHARS = 120;
export const MAX_QUERY_CHARS = 200;
/** Plan, search, read, reflect, search again, read again; then one step per section written. */
export const FIXED_STEPS = 6;

export const stepCount = (sections: number) => FIXED_STEPS + sections;
/** Before the plan is known: the most steps a report can take. */
export const ESTIMATED_STEPS = stepCount(MAX_SECTIONS);

export type PlannedSection = { title: string; searches: string[] };

const clean = (s: unknown, max: number) => (typeof s === 'string' ? s.replace(/\s+/g, ' ').trim().slice(0, max) : '');

/**
 * The model's plan within bounds: at most MAX_SECTIONS sections with a title each, each with one
 * to SEARCHES_PER_SECTION distinct searches (its title when it named none). A plan with no usable
 * section is one section on the question itself.
 */
export function boundedPlan(question: string, proposed: readonly { title?: unknown; searches?: unknown }[]): PlannedSection[] {
  const sections: PlannedSection[] = [];
  for (const p of proposed) {
    if (sections.length >= MAX_SECTIONS) break;
    const title = clean(p.title, MAX_TITLE_CHARS);
    if (!title || sections.some((s) => s.title.toLowerCase() === title.toLowerCase())) continue;
    const searches = distinct((Array.isArray(p.searches) ? p.searches : []).map((q) => clean(q, MAX_QUERY_CHARS))).slice(0, SEARCHES_PER_SECTION);
    sections.push({ title, searches: searches.length ? searches : [clean(`${title} ${question}`, MAX_QUERY_CHARS)] });
  }
  return sections.length ? sections : [{ title: clean(question, MAX_TITLE_CHARS), searches: [clean(question, MAX_QUERY_CHARS)] }];
}

/** The reflection's searches within bounds: new ones only, at most MAX_GAP_SEARCHES. */
export function boundedGaps(proposed: readonly unknown[], searched: readonly string[]): string[] {
  const done = new Set(searched.map((q) => q.toLowerCase()));
  return distinct(proposed.map((q) => clean(q, MAX_QUERY_CHARS)))
    .filter((q) => !done.has(q.toLowerCase()))
    .slice(0, MAX_GAP_SEARCHES);
}

function distinct(queries: readonly string[]) {
  const seen = new Set<string>();
  return queries.filter((q) => q && !seen.has(q.toLowerCase()) && seen.add(q.toLowerCase()));
}

/** Sources kept in the order found, one copy of each (same address and text), at most `max`. */
export function mergeSources<T extends { url: string; content: string }>(kept: readonly T[], found: readonly T[], max: number): T[] {
  const key = (s: T) => `${s.url}\n${s.content}`;
  const seen = new Set(kept.map(key));
  const out = kept.slice(0, max);
  for (const s of found) {
    if (out.length >= max) break;
    if (seen.has(key(s))) continue;
    seen.add(key(s));
    out.push(s);
  }
  return out;
}

/** Whether the report's time is up, from when it started. */
export const timeIsUp = (startedAt: string, now: Date, bounds: ResearchBounds) => now.getTime() - Date.parse(startedAt) >= bounds.timeLimitMs;
