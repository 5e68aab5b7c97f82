// Research reports in the mocks (answer_depth `research`), as the server streams them: live
// `status` steps ("Step 3 of 8: reading 4 sources"), the sources, each section under its "## "
// heading with its citations, then `completed`; the steps are kept with the entry for
// getResearchReport. A question containing "quota" is refused as past the plan's quota.
import type { ResearchReport, ResearchStep, Source } from '../generated/react-query/model';
import { DEFAULT_RESEARCH_QUOTA, researchErrors } from '../services/research/pure';
import type { MockEvent } from './mock-thread';

export const QUOTA_DETAIL = researchErrors.quotaReached(DEFAULT_RESEARCH_QUOTA.freePerDay).message;

type Guide = { sources: Source[]; answer: string };

/** The events of a report on `question`, written from the guide's sources as the mock's answers are. */
export function researchPlan(question: string, backendUuid: string, thread: MockEvent, guide: Guide): MockEvent[] {
  const sections = ['Overview', 'Details'];
  const count = 6 + sections.length;
  const step = (number: number, kind: ResearchStep['kind'], text: string): MockEvent => ({
    event: 'status',
    data: { step: kind, text: `Step ${number} of ${count}: ${text}`, step_number: number, step_count: count },
  });
  const lines = guide.answer.split('\n').filter((l) => /\[\d+\]/.test(l) && !l.startsWith('|'));
  const half = Math.ceil(lines.length / 2);
  const bodies = [lines.slice(0, half), lines.slice(half)].map((b) => (b.length ? b.join('\n') : 'The sources do not cover this.'));
  return [
    thread,
    step(1, 'planning', 'planning the report'),
    step(2, 'searching', `searching: ${question}`),
    step(3, 'reading', `reading ${guide.sources.length} sources`),
    step(4, 'reflecting', 'reflecting on what is missing'),
    step(5, 'searching', 'searching again: nothing missing'),
    step(6, 'reading', `reading ${guide.sources.length} sources`),
    { event: 'sources', data: { sources: guide.sources } },
    ...sections.flatMap((title, i) => [step(7 + i, 'writing', `writing ${title}`), { event: 'delta', data: { text: `## ${title}\n\n${bodies[i]}\n\n` } }]),
    { event: 'completed', data: { backend_uuid: backendUuid, status: 'completed' } },
  ];
}

/** The report as getResearchReport answers, from the events played so far. */
export function researchReportOf(backendUuid: string, played: MockEvent[], status: 'pending' | 'completed' | 'failed' | 'stopped'): ResearchReport {
  const statuses = played
    .filter((e) => e.event === 'status')
    .map((e) => e.data as { step: ResearchStep['kind']; text: string; step_number: number; step_count: number });
  const at = new Date().toISOString();
  return {
    backend_uuid: backendUuid,
    status: status === 'pending' ? 'running' : status,
    step_count: statuses[0]?.step_count ?? 10,
    sections: ['Overview', 'Details'],
    steps: statuses.map((s) => ({ number: s.step_number, kind: s.step, text: s.text.replace(/^Step \d+ of \d+: /, ''), at })),
  };
}
