// Which events ask for a seat sync: an organisation's membership changes, and a subscription
// starting for a subscriber that is an organisation; each job keyed by its event's log position.
import { expect, test } from 'vitest';
import type { StoredEvent } from '../eventstore/types.js';
import { seatSyncJobsOf, seatSyncWorkflowId } from './org-seats.js';

let position = 0;
const event = (streamId: string, type: string, data: Record<string, unknown>): StoredEvent => ({
  globalPosition: String(++position),
  streamId,
  streamVersion: 1,
  type,
  data,
  metadata: {},
  recordedAt: new Date(0),
});

test('membership changes and an organisation subscription starting; not invitations, roles, or a person subscribing', () => {
  const events = [
    event('org-o1', 'OrgMemberInvited', { org_uuid: 'o1' }),
    event('org-o1', 'OrgMemberJoined', { org_uuid: 'o1' }),
    event('org-o1', 'OrgMemberRoleChanged', { org_uuid: 'o1' }),
    event('org-o1', 'OrgMemberRemoved', { org_uuid: 'o1' }),
    event('org-o2', 'OrgMemberLeft', { org_uuid: 'o2' }),
    event('subscription-o3', 'SubscriptionStarted', { user_id: 'o3' }),
    event('subscription-ada', 'SubscriptionStarted', { user_id: 'ada' }),
  ];
  const jobs = seatSyncJobsOf(events, new Set(['o3']));
  expect(jobs).toEqual([
    { org_uuid: 'o1', position: events[1].globalPosition },
    { org_uuid: 'o1', position: events[3].globalPosition },
    { org_uuid: 'o2', position: events[4].globalPosition },
    { org_uuid: 'o3', position: events[5].globalPosition },
  ]);
  // The same event read again gives the same workflow id: a replay starts nothing new.
  expect(seatSyncJobsOf(events, new Set(['o3'])).map(seatSyncWorkflowId)).toEqual(jobs.map(seatSyncWorkflowId));
});
