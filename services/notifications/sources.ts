// What each source's event says to the person it concerns: pure maps from an event (and the
// facts looked up for it) to a notification. The ids derive from the event, so a source's event
// notifies once however often it is looked at.
import type { SpaceMemberInvited } from '../spaces/events.js';
import type { ThreadAccessRequested } from '../threads/events.js';
import type { NotificationPreferences } from './events.js';
import type { NotifyRequest } from './use-cases.js';

/**
 * A Space invitation to someone who has an account. The invitation mail
 * (workflows/space-invite-mail.ts) goes to the address whatever the preferences, as it did
 * before notifications: this one is in-app and push only, so nobody gets the mail twice.
 */
export function spaceInvitationNotice(
  d: SpaceMemberInvited['data'],
  facts: { inviteeUserId: string | null; inviterName: string | null; spaceTitle: string; spaceSlug: string },
): NotifyRequest | null {
  if (!facts.inviteeUserId || facts.inviteeUserId === d.invited_by) return null;
  return {
    notificationId: `space-invitation-${d.member_id}`,
    userId: facts.inviteeUserId,
    kind: 'space_invitation',
    title: `${facts.inviterName || 'Someone'} invited you to the Space "${facts.spaceTitle}"`,
    body: 'Open the Space to accept the invitation.',
    url: `/spaces/${facts.spaceSlug}`,
    actorUserId: d.invited_by,
    mailedBySource: true,
  };
}

/** Someone asked to read a thread: its owner hears of it on every channel they keep on (no mail was sent for it before). */
export function accessRequestNotice(
  d: ThreadAccessRequested['data'],
  facts: { ownerUserId: string | null; requesterName: string | null; threadTitle: string; threadSlug: string },
): NotifyRequest | null {
  if (!facts.ownerUserId || facts.ownerUserId === d.requester_user_id) return null;
  return {
    notificationId: `access-request-${d.request_id}`,
    userId: facts.ownerUserId,
    kind: 'access_request',
    title: `${facts.requesterName || 'Someone'} asked to read "${facts.threadTitle}"`,
    body: 'Grant or decline the request from the thread’s share menu or your library.',
    url: `/search/${facts.threadSlug}`,
    actorUserId: d.requester_user_id,
  };
}

/** The task events the scheduled tasks emit (branch `tasks`, issue 18). */
type RunEnd = { task_id: string; owner_id: string; title: string; task_type?: string; notification_settings?: NotificationPreferences };
export type TaskRunSucceeded = { type: 'TaskRunSucceeded'; data: RunEnd & { thread_slug: string } };
export type TaskRunFailed = { type: 'TaskRunFailed'; data: RunEnd & { reason: string } };
export const TASK_RUN_EVENTS = ['TaskRunSucceeded', 'TaskRunFailed'] as const;

/**
 * A task's run, to its owner: the answer is in the task's thread (a price alert's run is the alert
 * firing, `price_alert`), or the run failed and why.
 * `streamId` and `streamVersion` name the run's event, which makes the notification's id.
 */
export function taskRunNotice(event: { type: string; data: unknown; streamId: string; streamVersion: number }): NotifyRequest | null {
  const id = `task-run-${event.streamId}-${event.streamVersion}`;
  if (event.type === 'TaskRunSucceeded') {
    const d = event.data as TaskRunSucceeded['data'];
    const url = `/search/${encodeURIComponent(d.thread_slug)}`;
    if (d.task_type === 'ALERT') {
      return {
        notificationId: id,
        userId: d.owner_id,
        kind: 'price_alert',
        title: `Your alert "${d.title}" went off`,
        body: 'Read why in the alert’s thread.',
        url,
        channels: d.notification_settings,
      };
    }
    return {
      notificationId: id,
      userId: d.owner_id,
      kind: 'task_run',
      title: `Your task "${d.title}" ran`,
      body: 'Its answer is ready in the task’s thread.',
      url,
      channels: d.notification_settings,
    };
  }
  if (event.type === 'TaskRunFailed') {
    const d = event.data as TaskRunFailed['data'];
    return {
      notificationId: id,
      userId: d.owner_id,
      kind: 'task_failed',
      title: `Your task "${d.title}" failed`,
      body: d.reason,
      url: '/account/tasks',
      channels: d.notification_settings,
    };
  }
  return null;
}
