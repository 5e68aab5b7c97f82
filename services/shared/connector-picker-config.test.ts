import { describe, expect, it } from 'vitest';
import { ownPickerOrigins, parseOwnPickerConfig } from './connector-picker-config.js';

describe("the providers' own pickers in the configuration", () => {
  it('are all off unless configured: our own picker only', () => {
    expect(parseOwnPickerConfig({})).toEqual({ config: { google: null, dropbox: null, box: null }, problems: [] });
    expect(ownPickerOrigins(parseOwnPickerConfig({}).config)).toEqual({ script: [], style: [], frame: [], connect: [] });
  });

  it("turn on with their keys, from the providers' script addresses unless told otherwise", () => {
    const { config, problems } = parseOwnPickerConfig({
      CONNECTOR_GOOGLE_PICKER_API_KEY: 'browser-key',
      CONNECTOR_GOOGLE_PICKER_APP_ID: '1234',
      CONNECTOR_DROPBOX_CHOOSER_APP_KEY: 'app-key',
      CONNECTOR_DROPBOX_CHOOSER_SCRIPT_URL: 'http://127.0.0.1:9/dropins.js',
      CONNECTOR_BOX_PICKER_SCRIPT_URL: 'https://cdn01.boxcdn.net/platform/elements/22.0.0/en-US/picker.js',
    });
    expect(problems).toEqual([]);
    expect(config.google).toEqual({
      apiKey: 'browser-key',
      appId: '1234',
      scriptUrl: 'https://apis.google.com/js/api.js',
      signInScriptUrl: 'https://accounts.google.com/gsi/client',
    });
    expect(config.dropbox).toEqual({ appKey: 'app-key', scriptUrl: 'http://127.0.0.1:9/dropins.js' });
    expect(config.box).toEqual({ scriptUrl: 'https://cdn01.boxcdn.net/platform/elements/22.0.0/en-US/picker.js', styleUrl: null });
    // The page's Content-Security-Policy lets in exactly these.
    expect(ownPickerOrigins(config).script).toEqual([
      'https://apis.google.com',
      'https://accounts.google.com',
      'http://127.0.0.1:9',
      'https://cdn01.boxcdn.net',
    ]);
  });

  it('refuses half a Google picker, an address that is not http(s), and a Box style without its script', () => {
    expect(parseOwnPickerConfig({ CONNECTOR_GOOGLE_PICKER_API_KEY: 'k' }).problems).toEqual([
      'CONNECTOR_GOOGLE_PICKER_API_KEY and CONNECTOR_GOOGLE_PICKER_APP_ID: set both, or neither',
    ]);
    expect(parseOwnPickerConfig({ CONNECTOR_DROPBOX_CHOOSER_APP_KEY: 'k', CONNECTOR_DROPBOX_CHOOSER_SCRIPT_URL: 'javascript:alert(1)' }).problems).toEqual([
      'CONNECTOR_DROPBOX_CHOOSER_SCRIPT_URL: must be an http:// or https:// URL',
    ]);
    expect(parseOwnPickerConfig({ CONNECTOR_BOX_PICKER_STYLE_URL: 'https://x.example/picker.css' }).problems).toEqual([
      'CONNECTOR_BOX_PICKER_STYLE_URL: set CONNECTOR_BOX_PICKER_SCRIPT_URL too',
    ]);
  });
});
