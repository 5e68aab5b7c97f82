import { describe, expect, test, vi } from 'vitest';
import { type ActorSource, type ActorUser, createActor } from './actor.js';

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
  const source = {
    userIdOf: vi.fn(async () => user?.id ?? null),
    userOf: vi.fn(async () => user),
    orgOf: vi.fn(async () => 'org-from-lookup'),
    planOf: vi.fn((u: ActorUser) => (u.org_uuid ? ('enterprise' as const) : ('free' as const))),
    claimedVisitorIdsOf: vi.fn(async () => []),
    visitorClaimedAt: vi.fn(async () => null),
  } satisfies ActorSource;
  return { source, actor: createActor({ requestId: 'r1', visitorId: 'v1', headers: { cookie: 'c' } }, source) };
}

describe('an Actor looks up only what is asked, once', () => {
  test('made for a request, it looks nothing up', () => {
    const { source, actor } = sourceFor(ann);
    expect(actor).toMatchObject({ requestId: 'r1', visitorId: 'v1' });
    for (const lookup of [source.userIdOf, source.userOf, source.orgOf]) expect(lookup).not.toHaveBeenCalled();
  });

  test('the user id alone costs one session lookup, however often it is asked', async () => {
    const { source, actor } = sourceFor(ann);
    expect(await Promise.all([actor.userId(), actor.userId()])).toEqual(['u1', 'u1']);
    expect(await actor.userId()).toBe('u1');
    expect(source.userIdOf).toHaveBeenCalledTimes(1);
    expect(source.userOf).not.toHaveBeenCalled();
    expect(source.orgOf).not.toHaveBeenCalled();
  });

  test('the organisation comes from the user when it was read, else from one lookup by id', async () => {
    const read = sourceFor(ann);
    await read.actor.user();
    expect(await read.actor.org()).toBe('org-1');
    expect(read.source.orgOf).not.toHaveBeenCalled();

    const notRead = sourceFor(ann);
    expect(await Promise.all([notRead.actor.org(), notRead.actor.org()])).toEqual(['org-from-lookup', 'org-from-lookup']);
    expect(notRead.source.orgOf).toHaveBeenCalledTimes(1);
    expect(notRead.source.orgOf).toHaveBeenCalledWith('u1');
    expect(notRead.source.userOf).not.toHaveBeenCalled();
  });

  test('a visitor has no user, no organisation and the free plan, without an organisation lookup', async () => {
    const { source, actor } = sourceFor(null);
    expect(await actor.user()).toBeNull();
    expect(await actor.org()).toBeNull();
    expect(await actor.plan()).toBe('free');
    expect(source.orgOf).not.toHaveBeenCalled();
    expect(source.planOf).not.toHaveBeenCalled();
  });

  test('the plan is the source’s rule applied to the user, read once', async () => {
    const { source, actor } = sourceFor(ann);
    expect(await actor.plan()).toBe('enterprise');
    expect(await actor.plan()).toBe('enterprise');
    expect(source.userOf).toHaveBeenCalledTimes(1);
    expect(source.planOf).toHaveBeenCalledTimes(1);
  });
});
