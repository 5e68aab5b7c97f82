// Box's picker key (seed 001): the picker is given a token downscoped from the connection's own
// (RFC 8693 token exchange at Box's token endpoint, scopes base_picker and item_preview), and a
// new one is asked for before the picker opens when the key's expiry is past; an expiry that does
// not parse is logged and the picker still opens with the key it has.
import { type ProviderCallDeps, providerJson } from '../provider-call.js';
import type { BoxTokenExchange } from './box-types.js';

import type { BoxPickerKey } from './box-picker-rule.js';

export type { BoxPickerKey } from './box-picker-rule.js';
export const PICKER_SCOPES = 'base_picker item_preview';

/** A downscoped key for the picker; `tokenEndpoint` is the Box family's token address (FamilyEndpoints.token). */
export async function mintBoxPickerKey(call: ProviderCallDeps, tokenEndpoint: string, now: () => Date = () => new Date()): Promise<BoxPickerKey> {
  const answer = await providerJson<BoxTokenExchange>({ ...call, apiBase: tokenEndpoint }, '', {
    method: 'POST',
    bearer: false,
    form: {
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      subject_token: await call.token(),
      subject_token_type: 'urn:ietf:params:oauth:token-type:access_token',
      scope: PICKER_SCOPES,
    },
  });
  return { api_key: answer.access_token, expires_at: new Date(now().getTime() + answer.expires_in * 1000).toISOString() };
}

export { boxPickerKey } from './box-picker-rule.js';
