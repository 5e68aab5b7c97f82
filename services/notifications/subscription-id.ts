// One id per push endpoint: the same browser subscribing again is the same subscription. Kept
// apart from decide.ts, which the mocks run in the browser (no node:crypto there).
import { createHash } from 'node:crypto';
import { checkedEndpoint } from './decide.js';

export const subscriptionIdOf = (endpoint: string) => createHash('sha256').update(endpoint).digest('base64url').slice(0, 32);

/** The id of an endpoint as a subscription keeps it (normalised); of the text as given when it is no address (then nothing has it). */
export function subscriptionIdFor(endpoint: string) {
  try {
    return subscriptionIdOf(checkedEndpoint(endpoint));
  } catch {
    return subscriptionIdOf(endpoint);
  }
}
