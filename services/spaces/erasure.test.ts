import { describe, expect, test } from 'vitest';
import type { StoredEvent } from '../eventstore/types.js';
import { decideHandOver, decideLeaveAll } from './erasure.js';
import { evolveSpace, initialSpace, type SpaceEvent } from './events.js';

const at = '2026-01-01T00:00:00.000Z';
const now = new Date(at);
const fold = (events: SpaceEvent[]) =>
  events.reduce(
    (s, e, i) => evolveSpace(s, { ...e, globalPosition: String(i), streamId: 'space-s1', streamVersion: i + 1, metadata: {}, recordedAt: now } as StoredEvent),
    initialSpace,
  );
const created: SpaceEvent = {
  type: 'SpaceCreated',
  data: {
    uuid: 's1',
    title: 'T',
    description: '',
    instructions: '',
    emoji: '',
    enable_web_by_default: true,
    access: 1,
    template_id: null,
    owner_user_id: 'ada',
    created_at: at,
  },
};
const invite = (member_id: string, email: string): SpaceEvent => ({
  type: 'SpaceMemberInvited',
  data: { uuid: 's1', member_id, email, level: 12, invited_by: 'ada', invited_at: at },
});
const accept = (member_id: string, user_id: string): SpaceEvent => ({
  type: 'SpaceInviteAccepted',
  data: { uuid: 's1', member_id, user_id, level: 2, accepted_at: at },
});
const code = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as { code: string }).code;
  }
  return null;
};

describe('handing a Space over', () => {
  const state = fold([created, invite('m-bob', 'bob@x'), accept('m-bob', 'bob'), invite('m-cy', 'cy@x')]);
  test('to a joined member: they become the owner and their member row goes', () => {
    const events = decideHandOver(state, { owner_user_id: 'ada', member_id: 'm-bob', now });
    expect(events).toEqual([
      { type: 'SpaceOwnershipTransferred', data: { uuid: 's1', member_id: 'm-bob', previous_owner_user_id: 'ada', owner_user_id: 'bob', transferred_at: at } },
    ]);
    const after = fold([created, invite('m-bob', 'bob@x'), accept('m-bob', 'bob'), invite('m-cy', 'cy@x'), ...events]);
    expect(after.created?.owner_user_id).toBe('bob');
    expect(Object.keys(after.members)).toEqual(['m-cy']);
    // Run again (a retried step): nothing more.
    expect(decideHandOver(after, { owner_user_id: 'ada', member_id: 'm-bob', now })).toEqual([]);
  });
  test('never to someone only invited, nor by someone who does not own it', () => {
    expect(code(() => decideHandOver(state, { owner_user_id: 'ada', member_id: 'm-cy', now }))).toBe('member_not_found');
    expect(code(() => decideHandOver(state, { owner_user_id: 'eve', member_id: 'm-bob', now }))).toBe('not_space_owner');
  });
  test('leaving: every row of the person, by user id or address', () => {
    expect(decideLeaveAll(state, { user_id: 'cy', emails: ['cy@x'], now }).map((e) => e.data.member_id)).toEqual(['m-cy']);
    expect(decideLeaveAll(state, { user_id: 'bob', emails: [], now }).map((e) => e.data.member_id)).toEqual(['m-bob']);
  });
});
