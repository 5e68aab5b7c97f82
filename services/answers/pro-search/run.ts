// Pro Search over the engine's sources: the question planned into several searches (by the
// model, or offline), the searches run in parallel (at most SEARCHES_AT_ONCE at a time), their
// results merged (merge.ts) and more of their pages read than a quick answer reads, the passages
// ranked against the question (web-pages/). It wraps the sources retrieval already uses, so the
// rest of the answer (the user's files, notes, writing) is the quick answer's, and keeps the steps
// it took for the thread.
import pLimit from 'p-limit';
import type { AnswerStatus, ProSearchStepsData } from '../../threads/index.js';
import type { Sources } from '../retrieve.js';
import type { Passage } from '../types.js';
import type { AnswerModel } from '../models.js';
import { mergeResults } from './merge.js';
import { offlinePlan, type Plan } from './model-plan.js';

/** Results each search gives. */
export const RESULTS_PER_SEARCH = 5;
/** Searches run at once: a SearXNG instance is a shared, rate-limited service. */
export const SEARCHES_AT_ONCE = 3;
/** Distinct pages kept from all searches; the first PRO_PAGES_READ are read. */
export const MAX_MERGED = 15;
export const PRO_PAGES_READ = 10;
/** Web sources a Pro Search answer may cite (a quick one: 8). */
export const PRO_MAX_SOURCES = 12;
/** Longest wait for the model's plan before the offline planner plans instead. */
export const PLAN_TIMEOUT_MS = 15_000;

export const PLANNING: AnswerStatus = { step: 'planning', text: 'Planning the searches' };

/**
 * The searches for the question: the model's when it plans (given the question as asked and the
 * question before it), else the offline planner's, from the question as searched (`searched`: a
 * follow-up with what it points back to, follow-up.ts).
 */
export async function planFor(model: Pick<AnswerModel, 'planSearches'>, asked: string, searched: string, context: string): Promise<Plan> {
  if (!model.planSearches) return offlinePlan(searched);
  return model.planSearches(asked, context, AbortSignal.timeout(PLAN_TIMEOUT_MS)).catch(() => offlinePlan(searched));
}

export type ProSearch = {
  /** The sources with web search running the plan and the page reader reading more. */
  sources: Sources;
  /** Says the plan's searches and pages in the status, for the live steps. */
  status: (status: AnswerStatus) => AnswerStatus;
  /** The steps taken, once retrieval is done. */
  steps: () => ProSearchStepsData;
};

export function proSearch(sources: Sources, plan: Plan, startedAt: number, clock: () => number = Date.now): ProSearch {
  const web = sources.web;
  let merged: Passage[] = [];
  let read = 0;
  const limit = pLimit(SEARCHES_AT_ONCE);
  return {
    sources: {
      ...sources,
      web: web && {
        name: web.name,
        async search(_question, _k, options) {
          const outcomes = await Promise.allSettled(plan.queries.map((q) => limit(() => web.search(q, RESULTS_PER_SEARCH, options))));
          const found = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
          // Every search failing is web search failing (retrieval says so); some failing is fewer results.
          if (!found.length) throw (outcomes[0] as PromiseRejectedResult).reason;
          merged = mergeResults(found, MAX_MERGED);
          return merged;
        },
      },
      pages: sources.pages && {
        read: (question, results) => {
          read = Math.min(results.length, PRO_PAGES_READ);
          return sources.pages!.read(question, results, { pages: PRO_PAGES_READ, sources: PRO_MAX_SOURCES });
        },
      },
    },
    status: (s) => {
      if (s.step === 'searching') return { ...s, text: `Searching the web: ${plan.queries.length} searches`, queries: plan.queries };
      if (s.step === 'reading') {
        const n = Math.min(merged.length, sources.pages ? PRO_PAGES_READ : 0);
        return { ...s, text: `Reading ${n} ${n === 1 ? 'source' : 'sources'}`, sources_read: n };
      }
      return s;
    },
    steps: () => ({
      queries: plan.queries,
      sources_read: read,
      pages: merged.map((p) => ({ url: p.url, title: p.title })),
      duration_ms: Math.max(0, Math.round(clock() - startedAt)),
      planner: plan.planner,
    }),
  };
}
