// A model that writes its answer whole (the offline one) is answered in this process, not as a
// DBOS workflow. It has no steps to record, and everything it shows is in the thread's events
// (its sources and its outcome, in one append). A workflow's start and end would add two
// transactions that say the same again: 8 of the 19 round trips of an answer, and about a
// quarter of the database's CPU under load. The entry is the durable record: a pending entry
// left by a process that stopped is answered by the next start's sweep (services/app/answering.ts), as when a
// workflow had not started yet.
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import { type AnswerDeps, findSources, type LiveFeed, writeAnswer } from '../services/answers/index.js';
import { type AnswerJob, entryOutcomeOf, takeAskedThread } from '../services/threads/index.js';
import { failEntry } from './answer.js';

/** How long a resumed stream waits for an entry answered elsewhere (another instance) to end. */
const ENDED_WAIT_MS = 30_000;
const ENDED_POLL_MS = 250;
/**
 * Answers written at once: two per core keep the cores busy; the others wait their turn, so a
 * new question's own work (recording it, the stream's first event) is not queued behind every
 * answer under way, and a burst of questions does not become a burst of searches.
 */
export const ANSWERS_AT_ONCE = 2 * availableParallelism();

export function createWholeAnswers(deps: Omit<AnswerDeps, 'emit'>, feed: LiveFeed) {
  const running = new Map<string, Promise<unknown>>();
  const limit = pLimit(ANSWERS_AT_ONCE);

  async function answer(job: AnswerJob) {
    const full: AnswerDeps = {
      ...deps,
      emit: async (event) => feed.publish(job.backendUuid, event),
      status: (data) => feed.publish(job.backendUuid, { event: 'status', data }),
      handoff: { cursor: takeAskedThread(job.backendUuid) },
    };
    try {
      return await writeAnswer(job, await findSources(job, full), full);
    } catch (err) {
      // Anything unexpected (a source or the database failing) still ends the entry.
      return await failEntry(job, full, err);
    } finally {
      feed.end(job.backendUuid);
    }
  }

  return {
    /** Starts answering the entry here, unless it already is; resolves at once. */
    async start(job: AnswerJob) {
      if (running.has(job.backendUuid)) return;
      const run = limit(() => answer(job))
        .catch(() => {}) // failEntry failed too: the entry stays pending for the next start's sweep.
        .finally(() => running.delete(job.backendUuid));
      running.set(job.backendUuid, run);
    },

    /** Resolves once the entry has ended: at once if it has, else when its answer here ends, else polling a while. */
    async untilEnded(backendUuid: string) {
      const here = running.get(backendUuid);
      if (here) return void (await here);
      for (const until = Date.now() + ENDED_WAIT_MS; Date.now() < until; await new Promise((r) => setTimeout(r, ENDED_POLL_MS))) {
        const entry = await entryOutcomeOf(deps.store.db, backendUuid);
        if (entry?.status !== 'pending') return;
      }
    },

    /** The answers running here, for a stop to wait on. */
    running: () => Promise.all(running.values()),
  };
}
