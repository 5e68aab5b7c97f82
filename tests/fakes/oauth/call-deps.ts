// The provider-call dependencies an adapter test needs against an OAuth fake: a granted token that
// is refreshed (re-granted) when the provider refuses it, a limiter that does not space calls, and
// a short backoff; it records the refreshes and the waits the provider asked for.
import type { ProviderCallDeps } from '../../../services/connectors/provider-call.js';
import { endpointsOf } from '../../../services/connectors/providers.js';
import { RateLimiter } from '../../../services/connectors/rate-limiter.js';
import type { ProviderFamily } from '../../../services/shared/connector-families.js';
import type { OAuthFake } from './provider.js';

export function callDepsFor(fake: OAuthFake, family: ProviderFamily, overrides: Partial<ProviderCallDeps> = {}) {
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
