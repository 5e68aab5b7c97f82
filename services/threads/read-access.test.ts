// The read and owner rules ask the Actor only what decides for the thread at hand: a browser's
// claim time only for its own visitor thread, signed out.
import { describe, expect, test, vi } from 'vitest';
import { createActor } from '../shared/actor.js';
import { threadFacts } from './read-access.js';

function actorOf(userId: string | null) {
  const source = {
    userIdOf: vi.fn(async () => userId),
    userOf: vi.fn(async () => null),
    orgOf: vi.fn(async () => null),
    planOf: () => 'free' as const,
    claimedVisitorIdsOf: vi.fn(async () => ['v-old']),
    visitorClaimedAt: vi.fn(async () => '2026-01-01T00:00:00.000Z'),
  };
  return { source, actor: createActor({ requestId: 'r', visitorId: 'v1', headers: {} }, source) };
}

describe('threadFacts', () => {
  test('a signed-out visitor reading another’s thread costs no claim lookup', async () => {
    for (const thread of [
      { owner_user_id: 'ada', owner_visitor_id: null },
      { owner_user_id: null, owner_visitor_id: 'v2' },
    ]) {
      const { source, actor } = actorOf(null);
      expect(await threadFacts(actor, thread)).toEqual({ user_id: null, visitor_ids: ['v1'], claimed_at: null, visitor_id: 'v1' });
      expect(source.visitorClaimedAt).not.toHaveBeenCalled();
      expect(source.claimedVisitorIdsOf).not.toHaveBeenCalled();
    }
  });

  test('a signed-out visitor’s own visitor thread asks when the browser was claimed, once', async () => {
    const { source, actor } = actorOf(null);
    const thread = { owner_user_id: null, owner_visitor_id: 'v1' };
    expect((await threadFacts(actor, thread)).claimed_at).toBe('2026-01-01T00:00:00.000Z');
    await threadFacts(actor, thread);
    expect(source.visitorClaimedAt).toHaveBeenCalledTimes(1);
  });

  test('signed in: the claimed visitor ids, and no claim time', async () => {
    const { source, actor } = actorOf('ada');
    expect(await threadFacts(actor, { owner_user_id: null, owner_visitor_id: 'v-old' })).toEqual({
      user_id: 'ada',
      visitor_ids: ['v-old'],
      claimed_at: null,
      visitor_id: 'v1',
    });
    expect(source.visitorClaimedAt).not.toHaveBeenCalled();
  });
});
