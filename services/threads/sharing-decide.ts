// Rules of sharing a thread: changing its access, keeping it (removing the expiry), asking for
// and answering access requests, and removing sources from an answer. Pure; the use cases
// append what these return.
import { removeCitations } from './citations.js';
import type { ActorFacts } from '../shared/actor.js';
import { isOwner } from './decide.js';
import { threadErrors } from './errors.js';
import type {
  EntrySourcesRemoved,
  ThreadAccess,
  ThreadAccessChanged,
  ThreadAccessDeclined,
  ThreadAccessGranted,
  ThreadAccessRequested,
  ThreadExpiryRemoved,
  ThreadState,
} from './events.js';

/** The thread, if the viewer owns it; sharing and keeping it also need them signed in. */
function ownedThread(state: ThreadState, viewer: ActorFacts, action: string, needsLogin = true) {
  const thread = state.started;
  if (!thread) throw threadErrors.threadNotFound();
  if (needsLogin && !viewer.user_id) throw threadErrors.loginToShare();
  if (!isOwner(thread, viewer)) throw threadErrors.notOwnerTo(action);
  return thread;
}

export type AccessChange = {
  viewer: ActorFacts;
  thread_access: ThreadAccess;
  /** The owner is in an organisation (an Enterprise user). */
  enterprise: boolean;
  inSpace: boolean;
  now: Date;
};

/** Applies only when the value differs and a signed-in owner asks (seed 000 §4 "Thread privacy"). */
export function decideAccessChange(state: ThreadState, cmd: AccessChange): ThreadAccessChanged[] {
  const thread = ownedThread(state, cmd.viewer, 'change who can see it');
  const current = state.thread_access ?? thread.thread_access;
  if (cmd.thread_access === current) return [];
  if (cmd.thread_access === 'org read' && !cmd.enterprise) throw threadErrors.enterpriseToShareWithOrg();
  if (cmd.thread_access === 'collection read' && !cmd.inSpace) throw threadErrors.threadNotInSpace();
  return [
    {
      type: 'ThreadAccessChanged',
      data: {
        context_uuid: thread.context_uuid,
        thread_access: cmd.thread_access,
        previous_access: current,
        changed_by: cmd.viewer.user_id!,
        changed_at: cmd.now.toISOString(),
      },
    },
  ];
}

/** `expired: false`: the signed-in owner keeps the thread; nothing to do when it has no expiry. */
export function decideExpiryRemoval(state: ThreadState, viewer: ActorFacts, now: Date): ThreadExpiryRemoved[] {
  const thread = ownedThread(state, viewer, 'keep it');
  if (!state.expiry_time) return [];
  return [{ type: 'ThreadExpiryRemoved', data: { context_uuid: thread.context_uuid, removed_by: viewer.user_id!, removed_at: now.toISOString() } }];
}

export type AccessRequestCommand = { requester: ActorFacts; canReadNow: boolean; request_id: string; now: Date };

/** A signed-in non-reader asks once; while their request is open, asking again returns it. */
export function decideAccessRequest(state: ThreadState, cmd: AccessRequestCommand): { events: ThreadAccessRequested[]; request_id: string } {
  const thread = state.started;
  if (!thread) throw threadErrors.threadNotFound();
  const userId = cmd.requester.user_id;
  if (!userId) throw threadErrors.loginToRequestAccess();
  if (cmd.canReadNow || isOwner(thread, cmd.requester)) throw threadErrors.alreadyReadable();
  const open = Object.entries(state.requests).find(([, r]) => r.requester_user_id === userId && r.status === 'requested');
  if (open) return { events: [], request_id: open[0] };
  return {
    events: [
      {
        type: 'ThreadAccessRequested',
        data: { context_uuid: thread.context_uuid, request_id: cmd.request_id, requester_user_id: userId, requested_at: cmd.now.toISOString() },
      },
    ],
    request_id: cmd.request_id,
  };
}

/** The owner answers an open request; answering it the same way again changes nothing. */
export function decideAccessAnswer(
  state: ThreadState,
  cmd: { viewer: ActorFacts; request_id: string; grant: boolean; now: Date },
): (ThreadAccessGranted | ThreadAccessDeclined)[] {
  const thread = ownedThread(state, cmd.viewer, 'answer requests for it');
  const request = state.requests[cmd.request_id];
  if (!request) throw threadErrors.requestNotFound();
  const wanted = cmd.grant ? 'granted' : 'declined';
  if (request.status === wanted) return [];
  if (request.status !== 'requested') throw threadErrors.requestAnswered(request.status);
  const base = { context_uuid: thread.context_uuid, request_id: cmd.request_id, user_id: request.requester_user_id };
  return cmd.grant
    ? [{ type: 'ThreadAccessGranted', data: { ...base, granted_at: cmd.now.toISOString() } }]
    : [{ type: 'ThreadAccessDeclined', data: { ...base, declined_at: cmd.now.toISOString() } }];
}

/** The citation list's removal: the owner removes sources of a finished answer by url. */
export function decideSourcesRemoval(state: ThreadState, cmd: { viewer: ActorFacts; backend_uuid: string; urls: string[]; now: Date }): EntrySourcesRemoved[] {
  // An anonymous visitor may edit their own answer; only sharing needs an account.
  ownedThread(state, cmd.viewer, 'remove its sources', false);
  const entry = state.entries[cmd.backend_uuid];
  if (!entry) throw threadErrors.entryNotFound();
  if (entry.status === 'pending') throw threadErrors.entryNotFinished();
  const sources = entry.sources ?? [];
  const unknown = cmd.urls.filter((u) => !sources.some((s) => s.url === u));
  if (unknown.length) throw threadErrors.unknownSource(unknown[0]);
  const removed = new Set(sources.flatMap((s, i) => (cmd.urls.includes(s.url) ? [i + 1] : [])));
  return [
    {
      type: 'EntrySourcesRemoved',
      data: {
        backend_uuid: cmd.backend_uuid,
        removed_urls: cmd.urls,
        answer: removeCitations(entry.answer, sources.length, removed),
        sources: sources.filter((_, i) => !removed.has(i + 1)),
        removed_at: cmd.now.toISOString(),
      },
    },
  ];
}

/**
 * After a bug report about the thread (seed 000 §4): its signed-in owner's thread becomes public
 * read with no expiry, in one append; anyone else's, or a visitor's, is left as it is (no error:
 * the report is filed either way).
 */
export function decideBugReportSharing(state: ThreadState, viewer: ActorFacts, now: Date): (ThreadAccessChanged | ThreadExpiryRemoved)[] {
  const thread = state.started;
  if (!thread || !viewer.user_id || !isOwner(thread, viewer)) return [];
  const current = state.thread_access ?? thread.thread_access;
  const at = now.toISOString();
  return [
    ...(current === 'public read'
      ? []
      : [
          {
            type: 'ThreadAccessChanged' as const,
            data: {
              context_uuid: thread.context_uuid,
              thread_access: 'public read' as const,
              previous_access: current,
              changed_by: viewer.user_id,
              changed_at: at,
            },
          },
        ]),
    ...(state.expiry_time
      ? [{ type: 'ThreadExpiryRemoved' as const, data: { context_uuid: thread.context_uuid, removed_by: viewer.user_id, removed_at: at } }]
      : []),
  ];
}
