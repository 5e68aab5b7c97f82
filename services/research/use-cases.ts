// Research's use cases: admit a report (model, sign-in, quota), begin it (counted and started in
// one append, before its workflow runs), and read its progress. Nothing here knows HTTP.
import type { Db } from '../db/database.js';
import type { EventStore } from '../eventstore/store.js';
import type { Actor } from '../shared/actor.js';
import { type AnswerJob, findThreadRow, mayRead, type ResearchAdmission, threadFacts } from '../threads/index.js';
import { ESTIMATED_STEPS } from './bounds.js';
import { dailyLimit, decideAdmission, quotaPeriod, type ResearchQuota } from './decide.js';
import { researchErrors } from './errors.js';
import { researchQuotaStream, researchStream } from './events.js';
import { reportRow, reportSteps } from './queries.js';
import type { ResearchReport } from '../../generated/sdk/types.gen.js';

export type AdmitDeps = { store: EventStore; hasModel: boolean; quota: ResearchQuota; now: () => Date };

/** How many reports the person started this period: their quota stream's version. */
async function usedThisPeriod(store: EventStore, userId: string, now: Date) {
  return (await store.aggregate(researchQuotaStream(userId, quotaPeriod(now)), 0, (n) => n + 1)).version;
}

export async function admitResearch(deps: AdmitDeps, actor: Actor): Promise<ResearchAdmission> {
  const user = deps.hasModel ? await actor.user() : null;
  const unlimited = user?.capabilities.unlimitedResearch ?? false;
  const usedToday = user && !unlimited ? await usedThisPeriod(deps.store, user.id, deps.now()) : 0;
  decideAdmission({ hasModel: deps.hasModel, userId: user?.id ?? null, plan: user ? await actor.plan() : 'free', unlimited, usedToday }, deps.quota);
  const limit = dailyLimit(user ? await actor.plan() : 'free', unlimited, deps.quota);
  return { user_id: user!.id, used: limit === null ? null : usedToday, limit };
}

/**
 * Counts the report against its person's quota and starts it, in one append: a second report
 * racing past the same count finds the quota stream moved and is refused (quota reached).
 */
export async function beginResearch(store: EventStore, job: AnswerJob & { research: ResearchAdmission }, now: Date) {
  const at = now.toISOString();
  const { user_id, used, limit } = job.research;
  const period = quotaPeriod(now);
  try {
    await store.appendToStreams([
      {
        streamId: researchQuotaStream(user_id, period),
        expected: used === null ? 'any' : used,
        events: [{ type: 'ResearchCounted', data: { backend_uuid: job.backendUuid, user_id, period, at } }],
      },
      {
        streamId: researchStream(job.backendUuid),
        expected: 'no_stream',
        events: [
          {
            type: 'ResearchStarted',
            data: { backend_uuid: job.backendUuid, context_uuid: job.contextUuid, user_id, question: job.query, step_count: ESTIMATED_STEPS, started_at: at },
          },
        ],
      },
    ]);
  } catch (err) {
    // Started already (the same entry again): nothing more to count.
    if ((await store.readStream(researchStream(job.backendUuid))).length) return;
    if (used !== null && limit !== null) throw researchErrors.quotaReached(limit);
    throw err;
  }
}

/** A report's progress, for whoever may read its thread. */
export async function researchReport(db: Db, actor: Actor, backendUuid: string): Promise<ResearchReport> {
  const row = await reportRow(db, backendUuid);
  const thread = row && (await findThreadRow(db, row.context_uuid));
  if (!row || !thread || !(await mayRead(db, thread, await threadFacts(actor, thread))).readable) throw researchErrors.notFound();
  const steps = await reportSteps(db, backendUuid);
  return {
    backend_uuid: backendUuid,
    status: row.status,
    step_count: row.step_count,
    sections: row.sections,
    steps: steps.map((s) => ({ number: s.number, kind: s.kind as ResearchReport['steps'][number]['kind'], text: s.text, at: new Date(s.at).toISOString() })),
  };
}
