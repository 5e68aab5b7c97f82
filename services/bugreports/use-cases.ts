// Filing a bug report: decide, file the issue in the tracker, and only then share the thread the
// report was filed from (so a refused report changes nothing).
import type { Actor } from '../shared/actor.js';
import { type BugReportInput, decideBugReport } from './decide.js';
import { bugReportErrors } from './errors.js';
import type { Tracker } from './tracker.js';

export type BugReportDeps = {
  tracker: Tracker | null;
  /** This server's own origins: a page of another site is never a thread of ours. */
  origins: readonly string[];
  /** Threads' rule for the reporter's thread (made public read, expiry removed, when theirs). */
  shareThread: (actor: Actor, key: string) => Promise<'shared' | 'unchanged'>;
  logger: { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
};

export async function submitBugReport(deps: BugReportDeps, actor: Actor, input: BugReportInput) {
  if (!deps.tracker) throw bugReportErrors.notConfigured();
  const user = await actor.user();
  const decision = decideBugReport(input, { reporter: user ? { name: user.name, email: user.email } : null, origins: deps.origins });
  let filed: { url: string };
  try {
    filed = await deps.tracker(decision.issue);
  } catch (err) {
    deps.logger.warn({ err: (err as Error).message }, 'bug report: the tracker did not file the issue');
    throw bugReportErrors.trackerFailed();
  }
  let thread: 'shared' | 'unchanged' | null = null;
  if (decision.threadKey) {
    try {
      thread = await deps.shareThread(actor, decision.threadKey);
    } catch (err) {
      // The issue is filed: its address is still the answer; the thread is left as it was.
      deps.logger.warn({ err: (err as Error).message }, 'bug report: the thread could not be shared');
    }
  }
  deps.logger.info({ issue: filed.url, thread }, 'bug report filed');
  return { status: 'success' as const, linear_url: filed.url };
}
