// The sources that notify, as one consumer of the log: Space invitations and requests to read a
// thread today; the scheduled tasks' runs when `taskRuns` is on (their events come with the
// tasks branch). An invitation by address notifies the account of that address only when it is
// verified at the time the invitation is read; one made before is not told again once it is (its
// invitation mail, kept or sent, tells of it). The facts a notice needs come from the source's own events (a domain reads
// another's events, never its tables) and from the people identity knows (its index.ts). Each
// notification is recorded in the consumer's transaction with its checkpoint, so an event
// notifies once even across a crash; delivery then runs in its workflow.
import type { ConsumerHandler } from '../eventstore/consumers.js';
import { eventsOfStreams } from '../eventstore/stream-reads.js';
import type { StoredEvent, Trx } from '../eventstore/types.js';
import { personByEmail, personOf } from '../identity/index.js';
import { spaceSlug } from '../spaces/index.js';
import type { SpaceCreated, SpaceEdited, SpaceMemberInvited } from '../spaces/events.js';
import type { ThreadAccessRequested, ThreadRenamed, ThreadStarted } from '../threads/events.js';
import { accessRequestNotice, spaceInvitationNotice, TASK_RUN_EVENTS, taskRunNotice } from './sources.js';
import { type NotifyDeps, type NotifyRequest, notify } from './use-cases.js';

export const NOTIFICATION_SOURCES_CONSUMER = 'notification-sources';

const streamEvents = (trx: Trx, streamId: string, types: string[]) => eventsOfStreams(trx, [streamId], types);

async function spaceFacts(trx: Trx, d: SpaceMemberInvited['data']) {
  let title: string | null = null;
  for (const e of await streamEvents(trx, `space-${d.uuid}`, ['SpaceCreated', 'SpaceEdited'])) {
    if (e.type === 'SpaceCreated') title = (e.data as SpaceCreated['data']).title;
    else title = (e.data as SpaceEdited['data']).changes.title ?? title;
  }
  if (title === null) return null;
  const [invitee, inviter] = await Promise.all([
    // Addressed to an email: only an account that has proven the address hears of it (an
    // unverified claimant of the address would otherwise learn the Space's title and inviter).
    // (The invitation's address is in lower case, as identity keeps addresses.)
    personByEmail(trx, d.email),
    personOf(trx, d.invited_by),
  ]);
  return {
    inviteeUserId: invitee?.email_verified ? invitee.id : null,
    inviterName: inviter?.name ?? null,
    spaceTitle: title,
    spaceSlug: spaceSlug(title, d.uuid),
  };
}

async function threadFacts(trx: Trx, d: ThreadAccessRequested['data']) {
  let started: ThreadStarted['data'] | null = null;
  let title = '';
  for (const e of await streamEvents(trx, `thread-${d.context_uuid}`, ['ThreadStarted', 'ThreadRenamed'])) {
    if (e.type === 'ThreadStarted') {
      started = e.data as ThreadStarted['data'];
      title = started.title;
    } else title = (e.data as ThreadRenamed['data']).title;
  }
  if (!started) return null;
  const requester = await personOf(trx, d.requester_user_id);
  return { ownerUserId: started.owner_user_id, requesterName: requester?.name ?? null, threadTitle: title, threadSlug: started.thread_url_slug };
}

async function noticeOf(trx: Trx, event: StoredEvent, taskRuns: boolean): Promise<NotifyRequest | null> {
  switch (event.type) {
    case 'SpaceMemberInvited': {
      const d = event.data as SpaceMemberInvited['data'];
      const facts = await spaceFacts(trx, d);
      return facts && spaceInvitationNotice(d, facts);
    }
    case 'ThreadAccessRequested': {
      const d = event.data as ThreadAccessRequested['data'];
      const facts = await threadFacts(trx, d);
      return facts && accessRequestNotice(d, facts);
    }
    default:
      return taskRuns && (TASK_RUN_EVENTS as readonly string[]).includes(event.type) ? taskRunNotice(event) : null;
  }
}

/** The events that may notify (the consumer is given these only). */
export function notificationSourceEvents(opts: { taskRuns?: boolean } = {}): string[] {
  return ['SpaceMemberInvited', 'ThreadAccessRequested', ...(opts.taskRuns ? TASK_RUN_EVENTS : [])];
}

export function notificationSourcesConsumer(deps: NotifyDeps, opts: { taskRuns?: boolean } = {}): ConsumerHandler {
  const taskRuns = opts.taskRuns ?? false;
  return async (trx, events) => {
    for (const event of events) {
      const notice = await noticeOf(trx, event, taskRuns);
      if (notice) await notify(deps, notice, trx);
    }
  };
}
