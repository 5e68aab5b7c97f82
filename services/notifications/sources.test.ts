import { describe, expect, test } from 'vitest';
import { accessRequestNotice, spaceInvitationNotice, taskRunNotice } from './sources.js';

describe('task runs', () => {
  test('a successful run opens its thread; the id is the run event’s', () => {
    const event = {
      type: 'TaskRunSucceeded',
      streamId: 'task-t1',
      streamVersion: 7,
      data: { task_id: 't1', owner_id: 'ada', title: 'Morning news', thread_slug: 'morning-news-abc' },
    };
    expect(taskRunNotice(event)).toEqual({
      notificationId: 'task-run-task-t1-7',
      userId: 'ada',
      kind: 'task_run',
      title: 'Your task "Morning news" ran',
      body: 'Its answer is ready in the task’s thread.',
      url: '/search/morning-news-abc',
    });
  });
  test('a price alert’s run is the alert going off, of kind price_alert', () => {
    const event = {
      type: 'TaskRunSucceeded',
      streamId: 'task-t2',
      streamVersion: 3,
      data: { task_id: 't2', owner_id: 'ada', title: 'AAPL above 100', task_type: 'ALERT', thread_slug: 'aapl-above-100-x' },
    };
    expect(taskRunNotice(event)).toEqual({
      notificationId: 'task-run-task-t2-3',
      userId: 'ada',
      kind: 'price_alert',
      title: 'Your alert "AAPL above 100" went off',
      body: 'Read why in the alert’s thread.',
      url: '/search/aapl-above-100-x',
    });
  });
  test('a failed run says why and opens the tasks', () => {
    const event = {
      type: 'TaskRunFailed',
      streamId: 'task-t1',
      streamVersion: 8,
      data: { task_id: 't1', owner_id: 'ada', title: 'Morning news', reason: 'The model timed out' },
    };
    expect(taskRunNotice(event)).toMatchObject({
      notificationId: 'task-run-task-t1-8',
      kind: 'task_failed',
      body: 'The model timed out',
      url: '/account/tasks',
    });
  });
  test('other events are no task run', () => {
    expect(taskRunNotice({ type: 'TaskCreated', streamId: 'task-t1', streamVersion: 1, data: {} })).toBeNull();
  });
});

describe('Space invitations and access requests', () => {
  const invited = {
    uuid: 's1',
    member_id: 'm1',
    email: 'bob@example.com',
    level: 'INVITED_READER' as never,
    invited_by: 'ada',
    invited_at: '2026-01-01T00:00:00Z',
  };
  test('an invitation to an account is in-app and push only: its own mail goes already', () => {
    expect(spaceInvitationNotice(invited, { inviteeUserId: 'bob', inviterName: 'Ada', spaceTitle: 'Trains', spaceSlug: 'trains-KEY' })).toEqual({
      notificationId: 'space-invitation-m1',
      userId: 'bob',
      kind: 'space_invitation',
      title: 'Ada invited you to the Space "Trains"',
      body: 'Open the Space to accept the invitation.',
      url: '/spaces/trains-KEY',
      actorUserId: 'ada',
      mailedBySource: true,
    });
    expect(spaceInvitationNotice(invited, { inviteeUserId: null, inviterName: 'Ada', spaceTitle: 'Trains', spaceSlug: 'x' })).toBeNull();
  });
  test('a request to read a thread goes to its owner', () => {
    const asked = { context_uuid: 'c1', request_id: 'r1', requester_user_id: 'bob', requested_at: '2026-01-01T00:00:00Z' };
    expect(accessRequestNotice(asked, { ownerUserId: 'ada', requesterName: 'Bob', threadTitle: 'Trains', threadSlug: 'trains-c1' })).toMatchObject({
      notificationId: 'access-request-r1',
      userId: 'ada',
      kind: 'access_request',
      url: '/search/trains-c1',
      actorUserId: 'bob',
    });
    expect(accessRequestNotice(asked, { ownerUserId: null, requesterName: 'Bob', threadTitle: 'T', threadSlug: 's' })).toBeNull();
  });
});
