// The thread a bug report was filed from (seed 000 §4): made public read with its expiry removed
// when the reporter is its signed-in owner and their organisation lets them publish; otherwise
// left as it is. Called by bugreports once the issue is filed.
import type { Actor } from '../shared/actor.js';
import type { KernelContext } from '../shared/context.js';
import { DomainError } from '../shared/domain-error.js';
import { checkPublicSharing } from '../orgs/index.js';
import { liveThread } from './read-access.js';
import { decideBugReportSharing } from './sharing-decide.js';
import { decideAndAppend } from './use-cases.js';

export type BugReportSharing = 'shared' | 'unchanged';

export async function shareThreadForBugReport(ctx: KernelContext, actor: Actor, key: string): Promise<BugReportSharing> {
  const userId = await actor.userId();
  if (!userId) return 'unchanged';
  try {
    const { thread } = await liveThread(ctx, key);
    // The organisation's policy may forbid public threads: then the thread stays as it is.
    await checkPublicSharing(ctx.db, userId);
    const viewer = await actor.facts();
    return await decideAndAppend(ctx.store, thread.context_uuid, (state) => {
      const events = decideBugReportSharing(state, viewer, ctx.now());
      return { events, result: events.length > 0 ? ('shared' as const) : ('unchanged' as const) };
    });
  } catch (err) {
    // An unknown or expired thread, or a refusing policy: nothing to share.
    if (err instanceof DomainError && (err.kind === 'not_found' || err.kind === 'forbidden')) return 'unchanged';
    throw err;
  }
}
