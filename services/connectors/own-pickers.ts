// What the browser needs to open a provider's own picker (spec Connector.picker_credentials): the
// script's address from the server's configuration (never from a request) and the keys that are
// public by design (Google's picker API key and app id, the OAuth client id Google's own sign-in
// popup uses, Dropbox's app key). Never a token of ours: Google's and Dropbox's pickers sign the
// person in themselves; Box's is given the downscoped Box picker key on the page.
// Microsoft's File Picker v8 is not offered: its 'authenticate' command must be answered with an
// access token in the page, which only our stored token or a browser-side Microsoft sign-in
// library (not a dependency here) could give.
import type { OwnPickerConfig } from '../shared/connector-picker-config.js';
import type { ConnectorName } from './registry.js';

export type PickerCredentials = {
  script_url: string;
  sign_in_script_url?: string;
  style_url?: string;
  client_id?: string;
  api_key?: string;
  app_id?: string;
  account_identifier?: string;
};

/** The own picker of `name` when it is configured, for a connection (`accountIdentifier`: who it signed in as, a hint for the provider's sign-in). */
export function ownPickerCredentials(
  name: ConnectorName,
  pickers: OwnPickerConfig,
  f: { clientId: string | null; accountIdentifier: string | null },
): PickerCredentials | null {
  if (name === 'google_drive' && pickers.google && f.clientId)
    return {
      script_url: pickers.google.scriptUrl,
      sign_in_script_url: pickers.google.signInScriptUrl,
      client_id: f.clientId,
      api_key: pickers.google.apiKey,
      app_id: pickers.google.appId,
      // A hint for Google's sign-in, so the person picks from the account the server syncs from.
      ...(f.accountIdentifier?.includes('@') ? { account_identifier: f.accountIdentifier } : {}),
    };
  if (name === 'dropbox' && pickers.dropbox) return { script_url: pickers.dropbox.scriptUrl, api_key: pickers.dropbox.appKey };
  if (name === 'box' && pickers.box) return { script_url: pickers.box.scriptUrl, ...(pickers.box.styleUrl ? { style_url: pickers.box.styleUrl } : {}) };
  return null;
}
