import { describe, expect, it } from 'vitest';
import { parseOwnPickerConfig } from '../shared/connector-picker-config.js';
import { ownPickerCredentials } from './own-pickers.js';
import type { ConnectionRow } from './queries.js';
import { connectorInfo } from './registry.js';
import { connectorView } from './views.js';

const pickers = parseOwnPickerConfig({
  CONNECTOR_GOOGLE_PICKER_API_KEY: 'browser-key',
  CONNECTOR_GOOGLE_PICKER_APP_ID: '1234',
  CONNECTOR_DROPBOX_CHOOSER_APP_KEY: 'app-key',
  CONNECTOR_BOX_PICKER_SCRIPT_URL: 'https://cdn.example/picker.js',
}).config;

describe("what the page is told of a provider's own picker", () => {
  it('public keys and script addresses only, from configuration', () => {
    expect(ownPickerCredentials('google_drive', pickers, { clientId: 'client-1', accountIdentifier: 'ada@example.com' })).toEqual({
      script_url: 'https://apis.google.com/js/api.js',
      sign_in_script_url: 'https://accounts.google.com/gsi/client',
      client_id: 'client-1',
      api_key: 'browser-key',
      app_id: '1234',
      account_identifier: 'ada@example.com',
    });
    // A display name that is not an address is no sign-in hint.
    expect(ownPickerCredentials('google_drive', pickers, { clientId: 'client-1', accountIdentifier: 'Ada' })).not.toHaveProperty('account_identifier');
    expect(ownPickerCredentials('dropbox', pickers, { clientId: null, accountIdentifier: null })).toEqual({
      script_url: 'https://www.dropbox.com/static/api/2/dropins.js',
      api_key: 'app-key',
    });
    expect(ownPickerCredentials('box', pickers, { clientId: null, accountIdentifier: null })).toEqual({ script_url: 'https://cdn.example/picker.js' });
  });

  it("nothing for Microsoft's (its picker would need a token in the page), for Google's without its OAuth client, or when unset", () => {
    for (const name of ['onedrive', 'sharepoint'] as const) expect(ownPickerCredentials(name, pickers, { clientId: 'c', accountIdentifier: null })).toBeNull();
    expect(ownPickerCredentials('google_drive', pickers, { clientId: null, accountIdentifier: null })).toBeNull();
    const off = parseOwnPickerConfig({}).config;
    for (const name of ['google_drive', 'dropbox', 'box'] as const)
      expect(ownPickerCredentials(name, off, { clientId: 'c', accountIdentifier: null })).toBeNull();
  });
});

describe('the connector as the API shows it', () => {
  it("carries its own picker's credentials only beside a connection its server can still reach", () => {
    const info = connectorInfo('dropbox')!;
    const picker = ownPickerCredentials('dropbox', pickers, { clientId: null, accountIdentifier: null });
    const row = (status: string) => ({ status, connection_uuid: 'c', display_name: 'Ada', scope: null }) as unknown as ConnectionRow;
    const f = { configured: true, actor: { userId: 'u', org: null }, scope: 'user' as const, picker };
    expect(connectorView(info, row('connected'), f).picker_credentials).toEqual(picker);
    expect(connectorView(info, row('disconnected'), f).picker_credentials).toBeNull();
    expect(connectorView(info, null, f).picker_credentials).toBeNull();
    expect(connectorView(info, row('connected'), { ...f, configured: false }).picker_credentials).toBeNull();
  });
});
