// One Research report (issue 33): plan, search, read, reflect on gaps, search and read again,
// then write it section by section, each claim cited. Every step is a durable DBOS step that
// records itself as an event, so a restart resumes after the last finished one. Progress goes to
// whoever follows the entry as live `status` events ("Step 3 of 8: reading 6 sources"); the
// sources, the sections and the end go to the entry's stream (written by the workflow itself, so
// a replay writes none twice) and into the thread.
import { DBOS } from '@dbos-inc/dbos-sdk';
import type { LiveFeed, Passage } from '../services/answers/index.js';
import {
  endReport,
  ESTIMATED_STEPS,
  type Halt,
  keepSources,
  planStep,
  readStep,
  reflectStep,
  reportStart,
  type ResearchDeps,
  searchStep,
  stepCount,
  stepLine,
  writeStep,
} from '../services/research/index.js';
import { ANSWER_STREAM_KEY, type AnswerJob, type AnswerStatus, type AnswerStreamEvent, eventsOf } from '../services/threads/index.js';

export const researchWorkflowId = (backendUuid: string) => `research-${backendUuid}`;

export function registerResearch(deps: ResearchDeps, feed: LiveFeed) {
  return DBOS.registerWorkflow(
    async (job: AnswerJob) => {
      const emit = async (event: AnswerStreamEvent) => {
        await DBOS.writeStream(ANSWER_STREAM_KEY, event);
        feed.publish(job.backendUuid, event);
      };
      let count = ESTIMATED_STEPS;
      const show = (number: number, step: AnswerStatus['step'], text: string) =>
        feed.publish(job.backendUuid, { event: 'status', data: { step, text: stepLine(number, count, text), step_number: number, step_count: count } });
      const at = (number: number) => ({ number, count });
      let written = '';
      const end = async (outcome: 'completed' | Halt) => {
        const { status } = await DBOS.runStep(() => endReport(deps, job, written, outcome), { name: 'end' });
        await emit({ event: 'completed', data: { backend_uuid: job.backendUuid, status: status === 'completed' ? 'completed' : 'stopped' } });
      };
      try {
        const { startedAt } = await DBOS.runStep(() => reportStart(deps, job), { name: 'start' });
        show(1, 'planning', 'Planning the report');
        const plan = await DBOS.runStep(() => planStep(deps, job, startedAt, at(1)), { name: 'plan' });
        if (plan.halt) return await end(plan.halt);
        count = stepCount(plan.sections.length);
        const titles = plan.sections.map((s) => s.title);
        const queries = plan.sections.flatMap((s) => s.searches);
        const searching = `Searching: ${queries.join('; ')}`;
        show(2, 'searching', searching);
        const found = await DBOS.runStep(() => searchStep(deps, job, queries, startedAt, at(2), searching), { name: 'search' });
        if (found.halt) return await end(found.halt);
        const reading = readingText(found.groups.reduce((n, g) => n + g.results.length, 0));
        show(3, 'reading', reading);
        const read = await DBOS.runStep(() => readStep(deps, job, found.groups, [], startedAt, at(3), reading), { name: 'read' });
        if (read.halt) return await end(read.halt);
        show(4, 'reflecting', 'Reflecting on what is missing');
        const gaps = await DBOS.runStep(() => reflectStep(deps, job, titles, read.sources, queries, startedAt, at(4)), { name: 'reflect' });
        if (gaps.halt) return await end(gaps.halt);
        const again = gaps.queries.length ? `Searching again: ${gaps.queries.join('; ')}` : 'Searching again: nothing missing';
        show(5, 'searching', again);
        const more = await DBOS.runStep(() => searchStep(deps, job, gaps.queries, startedAt, at(5), again), { name: 'search-again' });
        if (more.halt) return await end(more.halt);
        const readingAgain = readingText(more.groups.reduce((n, g) => n + g.results.length, 0));
        show(6, 'reading', readingAgain);
        const all = await DBOS.runStep(() => readStep(deps, job, more.groups, read.sources, startedAt, at(6), readingAgain), { name: 'read-again' });
        if (all.halt) return await end(all.halt);
        const sources: Passage[] = all.sources;
        const recorded = await DBOS.runStep(() => keepSources(deps, job, sources), { name: 'sources' });
        await emit({ event: 'sources', data: { sources: recorded } });
        for (const [i, title] of titles.entries()) {
          const number = 7 + i;
          show(number, 'writing', `Writing ${title}`);
          const section = await DBOS.runStep(() => writeStep(deps, job, title, titles, sources, startedAt, at(number)), { name: `write-${i + 1}` });
          if (section.halt) return await end(section.halt);
          written += section.text;
          await emit({ event: 'delta', data: { text: section.text } });
        }
        return await end('completed');
      } catch (err) {
        // Anything unexpected (the model or the database failing) still ends the entry, keeping what was written.
        const detail = `The report could not be finished: ${err instanceof Error ? err.message : String(err)}`.slice(0, 500);
        await DBOS.runStep(() => endReport(deps, job, written, 'failed', detail), { name: 'fail' });
        await emit({ event: 'failed', data: { backend_uuid: job.backendUuid, error: 'stream error', detail } });
      } finally {
        await DBOS.closeStream(ANSWER_STREAM_KEY);
        feed.end(job.backendUuid);
      }
    },
    { name: 'research' },
  );
}

export type ResearchWorkflow = ReturnType<typeof registerResearch>;

const readingText = (n: number) => `Reading ${n} ${n === 1 ? 'source' : 'sources'}`;

export async function startResearch(workflow: ResearchWorkflow, job: AnswerJob) {
  await DBOS.startWorkflow(workflow, { workflowID: researchWorkflowId(job.backendUuid) })(job);
}

/** The report's recorded events after the first `skip`; ends when its stream closes. */
export async function* readResearchEvents(backendUuid: string, skip: number): AsyncIterable<AnswerStreamEvent> {
  let seen = 0;
  for await (const value of DBOS.readStream<AnswerStreamEvent | AnswerStreamEvent[]>(researchWorkflowId(backendUuid), ANSWER_STREAM_KEY))
    for (const event of eventsOf(value)) if (++seen > skip) yield event;
}
