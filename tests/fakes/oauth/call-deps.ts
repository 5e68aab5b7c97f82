// A provider call's dependencies against an OAuth fake, as an adapter's test needs them: a granted
// token that is refreshed (and the refresh recorded) when the fake refuses it, an unpaced limiter,
// the waits the provider asked for, and a short backoff. Test-only.
import type { ProviderCallDeps } from '../../../services/connectors/provider-call.js';
import { endpointsOf } from '../../../services/connectors/providers.js';
import { RateLimiter } from '../../../services/connectors/rate-limiter.js';
import type { ProviderFamily } from '../../../services/shared/connector-families.js';
import type { OAuthFake } from './provider.js';

export function fakeCallDeps(fake: OAuthFake, family: ProviderFamily, overrides: Partial<ProviderCallDeps> = {}) {
  let { accessToken } = fake.grant();
  const refreshed: string[] = [];
  const rateLimited: number[] = [];
  const deps: ProviderCallDeps = {
    key: `${family}:test`,
    apiBase: endpointsOf(family, fake.url).api,
    token: async (stale) => {
      if (stale) {
        refreshed.push(stale);
        accessToken = fake.grant().accessToken;
      }
      return accessToken;
    },
    limiter: new RateLimiter(0),
    onRateLimited: (ms) => rateLimited.push(ms),
    minBackoffMs: 10,
    ...overrides,
  };
  return { deps, refreshed, rateLimited, current: () => accessToken };
}
