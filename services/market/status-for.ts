// The status of price alerts as the signed-in see it: a visitor, who cannot make alerts, is asked
// to sign in first.
import type { Config } from '../shared/config.js';
import type { Actor } from '../shared/actor.js';
import { marketErrors } from './errors.js';
import { marketDataStatus } from './from-config.js';

export async function marketDataStatusFor(config: Pick<Config, 'marketData'>, actor: Actor) {
  if (!(await actor.userId())) throw marketErrors.unauthenticated();
  return marketDataStatus(config);
}
