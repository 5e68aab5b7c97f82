import { describe, expect, test } from 'vitest';
import { type ActorUser, createActor } from '../shared/actor.js';
import { isGovernmentOrigin, isMaxSubscriber } from './subscriber.js';

const user: ActorUser = {
  id: 'u1',
  name: 'A',
  email: 'a@example.com',
  email_verified: true,
  org_uuid: null,
  subscription_status: 'active',
  subscription_source: 'stripe',
  subscription_plan: 'max',
  capabilities: { unlimitedProSearch: true, maxModelSelection: true, unlimitedResearch: true, fileUpload: true },
  isGovernmentRequestOrigin: false,
};
const actorWithPlan = (plan: string) =>
  createActor(
    { requestId: 'r', visitorId: 'v', headers: {} },
    {
      userIdOf: async () => 'u1',
      userOf: async () => user,
      orgOf: async () => null,
      planOf: () => plan as never,
      claimedVisitorIdsOf: async () => [],
      visitorClaimedAt: async () => null,
    },
  );

describe('what the upsell rules read of the caller', () => {
  test('Max is the plan billing resolves as max; Pro and free are not', async () => {
    expect(await isMaxSubscriber(actorWithPlan('max'))).toBe(true);
    expect(await isMaxSubscriber(actorWithPlan('pro'))).toBe(false);
    expect(await isMaxSubscriber(actorWithPlan('free'))).toBe(false);
  });
  test('government origin is the session user’s isGovernmentRequestOrigin, false when absent or false', () => {
    expect(isGovernmentOrigin({ ...user, isGovernmentRequestOrigin: true } as ActorUser)).toBe(true);
    expect(isGovernmentOrigin(user)).toBe(false);
    expect(isGovernmentOrigin({ ...user, isGovernmentRequestOrigin: undefined } as unknown as ActorUser)).toBe(false);
    expect(isGovernmentOrigin(null)).toBe(false);
  });
});
