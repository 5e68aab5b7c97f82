// The steps of a Research report, free of the workflow runner (workflows/research.ts runs each as
// a durable step): plan, search, read, reflect, search and read again, write each section, end.
// Each step records itself as an event once (a step redone after a crash records nothing new) and
// first looks whether the person stopped the report or its time is up.
import type { EventStore } from '../eventstore/store.js';
import { ConcurrencyError, type NewEvent } from '../eventstore/types.js';
import { type Passage, type Sources, toSource, withWebFilters } from '../answers/index.js';
import { type AnswerJob, finishEntry, recordSources, sanitizeCitations, stopRequested } from '../threads/index.js';
import { type PlannedSection, type ResearchBounds, RESULTS_PER_SEARCH, boundedGaps, boundedPlan, mergeSources, stepCount, timeIsUp } from './bounds.js';
import { decideEnd, decidePlanned, decideStep } from './decide.js';
import { evolveResearch, initialResearch, type ResearchOutcome, type ResearchState, type ResearchStepKind, researchStream } from './events.js';
import type { ResearchWriter } from './writer.js';

export type ResearchDeps = {
  store: EventStore;
  writer: ResearchWriter;
  sources: Sources;
  readableCorpora: (userId: string | null) => Promise<string[]>;
  readerPrincipals?: (userId: string | null) => Promise<string[]>;
  mayUseWeb?: (userId: string | null) => Promise<boolean>;
  bounds: ResearchBounds;
  /** Longest wait for one answer of the model. */
  timeoutMs: number;
  now?: () => Date;
};

/** Why a report stops early: the person asked, or its time is up. */
export type Halt = 'stopped' | 'time';
export type StepOf = { number: number; count: number };
export type SearchGroup = { query: string; results: Passage[] };

/** A report is always a signed-in person's (admission refuses visitors). */
const ownerOf = (job: AnswerJob) => job.research?.user_id ?? job.askerUserId ?? '';
const nowOf = (deps: ResearchDeps) => (deps.now ?? (() => new Date()))();

async function appendResearch(store: EventStore, backendUuid: string, decide: (s: ResearchState) => NewEvent[]) {
  for (let attempt = 1; ; attempt++) {
    const { state, version } = await store.aggregate(researchStream(backendUuid), initialResearch, evolveResearch);
    const events = decide(state);
    if (!events.length) return state;
    try {
      await store.append(researchStream(backendUuid), version, events);
      return state;
    } catch (err) {
      if (!(err instanceof ConcurrencyError) || attempt >= 5) throw err;
    }
  }
}

async function recordStep(deps: ResearchDeps, job: AnswerJob, step: StepOf, kind: ResearchStepKind, text: string) {
  const at = nowOf(deps).toISOString();
  await appendResearch(deps.store, job.backendUuid, (s) =>
    decideStep(s, { backend_uuid: job.backendUuid, user_id: ownerOf(job), number: step.number, kind, text, at }),
  );
}

/** When the report started (its ResearchStarted, appended before its workflow began). */
export async function reportStart(deps: ResearchDeps, job: AnswerJob) {
  const events = await deps.store.readStream(researchStream(job.backendUuid));
  const started = events.find((e) => e.type === 'ResearchStarted');
  return { startedAt: started ? String((started.data as { started_at: string }).started_at) : nowOf(deps).toISOString() };
}

export async function haltOf(deps: ResearchDeps, job: AnswerJob, startedAt: string): Promise<Halt | null> {
  if (await stopRequested(deps.store, job.contextUuid, job.backendUuid)) return 'stopped';
  return timeIsUp(startedAt, nowOf(deps), deps.bounds) ? 'time' : null;
}

const signal = (deps: ResearchDeps) => AbortSignal.timeout(deps.timeoutMs);

export async function planStep(deps: ResearchDeps, job: AnswerJob, startedAt: string, step: StepOf) {
  const halt = await haltOf(deps, job, startedAt);
  if (halt === 'stopped') return { halt, sections: [] as PlannedSection[] };
  const sections = boundedPlan(job.query, halt ? [] : await deps.writer.plan(job.query, signal(deps)));
  const count = stepCount(sections.length);
  const at = nowOf(deps).toISOString();
  await appendResearch(deps.store, job.backendUuid, (s) => [
    ...decidePlanned(s, { backend_uuid: job.backendUuid, user_id: ownerOf(job), sections: sections.map((x) => x.title), step_count: count, at }),
    ...decideStep(s, { backend_uuid: job.backendUuid, user_id: ownerOf(job), number: step.number, kind: 'planning', text: planText(sections), at }),
  ]);
  return { halt: null, sections };
}

const planText = (sections: readonly PlannedSection[]) =>
  `Planned ${sections.length} ${sections.length === 1 ? 'section' : 'sections'}: ${sections.map((s) => s.title).join('; ')}`;

/** Runs the searches: on the web when the asker may search it and a search engine is set, else over what they may read. */
export async function searchStep(deps: ResearchDeps, job: AnswerJob, queries: readonly string[], startedAt: string, step: StepOf, text: string) {
  const halt = await haltOf(deps, job, startedAt);
  if (halt === 'stopped') return { halt, groups: [] as SearchGroup[] };
  const userId = job.askerUserId ?? null;
  const sources = withWebFilters(deps.sources, job.filters);
  const web = sources.web && job.mode !== 'help' && (await (deps.mayUseWeb?.(userId) ?? true)) ? sources.web : null;
  const [corpora, principals] = web ? [[], []] : await Promise.all([deps.readableCorpora(userId), deps.readerPrincipals?.(userId) ?? []]);
  const groups: SearchGroup[] = halt
    ? []
    : await Promise.all(
        queries.map(async (query) => ({
          query,
          results: await (web ? web.search(query, RESULTS_PER_SEARCH) : sources.passages.search(query, RESULTS_PER_SEARCH, corpora, principals)).catch(
            () => [],
          ),
        })),
      );
  await recordStep(deps, job, step, 'searching', `${text}: ${groups.reduce((n, g) => n + g.results.length, 0)} results`);
  return { halt: null, groups };
}

/** Reads the results' pages (a page that cannot be read is cited by its snippet) and keeps the best passages, up to the bound. */
export async function readStep(
  deps: ResearchDeps,
  job: AnswerJob,
  groups: readonly SearchGroup[],
  kept: readonly Passage[],
  startedAt: string,
  step: StepOf,
  text: string,
) {
  const halt = await haltOf(deps, job, startedAt);
  if (halt === 'stopped') return { halt, sources: [...kept] };
  let sources = [...kept];
  const pages = deps.sources.pages;
  for (const g of halt ? [] : groups) {
    const read =
      pages && g.results.some((r) => r.url.startsWith('http')) ? await pages.read(`${g.query} ${job.query}`, g.results).catch(() => g.results) : g.results;
    sources = mergeSources(sources, read, deps.bounds.maxSources);
  }
  await recordStep(deps, job, step, 'reading', text);
  return { halt: null, sources };
}

export async function reflectStep(
  deps: ResearchDeps,
  job: AnswerJob,
  sections: readonly string[],
  sources: readonly Passage[],
  searched: readonly string[],
  startedAt: string,
  step: StepOf,
) {
  const halt = await haltOf(deps, job, startedAt);
  if (halt === 'stopped') return { halt, queries: [] as string[] };
  const queries = halt ? [] : boundedGaps(await deps.writer.gaps(job.query, sections, sources.map(writerSource), signal(deps)), searched);
  await recordStep(deps, job, step, 'reflecting', queries.length ? `Found gaps: ${queries.join('; ')}` : 'Found no gaps');
  return { halt: null, queries };
}

/** Records the report's sources in the thread, before its sections cite them. */
export async function keepSources(deps: ResearchDeps, job: AnswerJob, sources: readonly Passage[]) {
  return (await recordSources(deps.store, job.contextUuid, job.backendUuid, sources.map(toSource), nowOf(deps))).sources;
}

/** One section, its citations checked against the sources; a time that is up or a stop writes nothing. */
export async function writeStep(
  deps: ResearchDeps,
  job: AnswerJob,
  section: string,
  sections: readonly string[],
  sources: readonly Passage[],
  startedAt: string,
  step: StepOf,
) {
  const halt = await haltOf(deps, job, startedAt);
  if (halt) return { halt, text: '' };
  const body = sanitizeCitations(await deps.writer.section(job.query, section, sections, sources.map(writerSource), signal(deps)), sources.length);
  await recordStep(deps, job, step, 'writing', `Wrote ${section}`);
  return { halt: null, text: sectionMarkdown(section, body) };
}

export const sectionMarkdown = (title: string, body: string) => `## ${title}\n\n${body}\n\n`;
const writerSource = (p: Passage) => ({ title: p.heading ? `${p.title}: ${p.heading}` : p.title, url: p.url, content: p.content });

export const HALT_NOTES: Record<Halt, string> = {
  stopped: '*Research stopped: what was written before the stop is kept.*',
  time: '*Research stopped: it reached its time limit.*',
};

/** Ends the entry (once) with the report written so far, and the report with it. */
export async function endReport(deps: ResearchDeps, job: AnswerJob, text: string, outcome: ResearchOutcome | Halt, detail?: string) {
  const now = nowOf(deps);
  const status: ResearchOutcome = outcome === 'time' ? 'stopped' : outcome;
  const answer = outcome === 'stopped' || outcome === 'time' ? `${text}${HALT_NOTES[outcome]}` : text.trimEnd();
  const finished =
    status === 'completed'
      ? { kind: 'completed' as const, answer, related_questions: [] }
      : status === 'stopped'
        ? { kind: 'stopped' as const, answer }
        : { kind: 'failed' as const, answer, detail: detail ?? 'The report could not be written.' };
  const ended = await finishEntry(deps.store, job.contextUuid, job.backendUuid, finished, now);
  await appendResearch(deps.store, job.backendUuid, (s) => decideEnd(s, job.backendUuid, status, now.toISOString()));
  return { ended, status, answer };
}
