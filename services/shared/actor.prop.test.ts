// Whatever a request's use cases ask of its Actor, in whatever order and however often (one after
// the other or at once), each part costs at most one lookup, and a part nobody asked for none.
import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import { type Actor, type ActorSource, type ActorUser, createActor } from './actor.js';

const PARTS = ['userId', 'user', 'org', 'plan', 'visitorIds', 'claimedAt', 'facts'] as const;
type Part = (typeof PARTS)[number];

const ann: ActorUser = {
  id: 'u1',
  name: 'Ann',
  email: 'ann@example.com',
  email_verified: true,
  org_uuid: 'org-1',
  subscription_status: 'none',
  subscription_source: 'stripe',
  subscription_plan: 'free',
  capabilities: { unlimitedProSearch: false, maxModelSelection: false, unlimitedResearch: false, fileUpload: true },
  isGovernmentRequestOrigin: false,
};

function sourceFor(user: ActorUser | null) {
  return {
    userIdOf: vi.fn(async () => user?.id ?? null),
    userOf: vi.fn(async () => user),
    orgOf: vi.fn(async () => 'org-1'),
    planOf: vi.fn(() => 'pro' as const),
    claimedVisitorIdsOf: vi.fn(async () => ['v0', 'v1']),
    visitorClaimedAt: vi.fn(async () => '2026-01-01T00:00:00.000Z'),
  } satisfies ActorSource;
}

/** Which lookups the asks need, in the order they were made (the organisation comes from the user once it was asked). */
function lookupsNeeded(asks: Part[], signedIn: boolean) {
  const asked = new Set(asks);
  const userAskedBefore = (i: number) => asks.slice(0, i).some((p) => p === 'user' || p === 'plan');
  const orgByLookup = asks.some((p, i) => p === 'org' && !userAskedBefore(i) && asks.indexOf('org') === i);
  const byId = ['userId', 'visitorIds', 'claimedAt', 'facts'].some((p) => asked.has(p as Part));
  return {
    userIdOf: byId || orgByLookup,
    userOf: asked.has('user') || asked.has('plan'),
    orgOf: signedIn && orgByLookup,
    planOf: signedIn && asked.has('plan'),
    claimedVisitorIdsOf: signedIn && (asked.has('visitorIds') || asked.has('facts')),
    visitorClaimedAt: !signedIn && (asked.has('claimedAt') || asked.has('facts')),
  };
}

const ask = (actor: Actor, part: Part) => actor[part]() as Promise<unknown>;

describe('an Actor looks up each part at most once, and only what is asked', () => {
  test('whatever order, however often, one after the other or at once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        // Batches of asks: a batch's asks are made at once, the batches one after the other.
        fc.array(fc.array(fc.constantFrom(...PARTS), { minLength: 1, maxLength: 5 }), { maxLength: 6 }),
        async (signedIn, batches) => {
          const source = sourceFor(signedIn ? ann : null);
          const actor = createActor({ requestId: 'r1', visitorId: 'v1', headers: { cookie: 'c' } }, source);
          for (const batch of batches) await Promise.all(batch.map((part) => ask(actor, part)));
          const needed = lookupsNeeded(batches.flat(), signedIn);
          for (const [name, lookup] of Object.entries(needed)) expect(source[name as keyof typeof needed], name).toHaveBeenCalledTimes(lookup ? 1 : 0);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('the facts are the parts, whoever asks first', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(fc.constantFrom(...PARTS), { maxLength: 4 }), async (signedIn, before) => {
        const actor = createActor({ requestId: 'r1', visitorId: 'v1', headers: {} }, sourceFor(signedIn ? ann : null));
        await Promise.all(before.map((part) => ask(actor, part)));
        expect(await actor.facts()).toEqual(
          signedIn
            ? { user_id: 'u1', visitor_ids: ['v0', 'v1'], claimed_at: null, visitor_id: 'v1' }
            : { user_id: null, visitor_ids: ['v1'], claimed_at: '2026-01-01T00:00:00.000Z', visitor_id: 'v1' },
        );
      }),
      { numRuns: 100 },
    );
  });

  test('a signed-out visitor’s visitor ids cost no lookup but the session’s', async () => {
    const source = sourceFor(null);
    const actor = createActor({ requestId: 'r1', visitorId: 'v1', headers: {} }, source);
    expect(await actor.visitorIds()).toEqual(['v1']);
    expect(source.claimedVisitorIdsOf).not.toHaveBeenCalled();
    expect(source.visitorClaimedAt).not.toHaveBeenCalled();
  });
});
