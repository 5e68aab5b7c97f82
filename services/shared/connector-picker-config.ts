// The providers' own pickers (issue 32): which ones the administrator turned on, and from where the
// browser loads each one's script. Unset, a connector's picker is our own browser over its API.
// Only keys meant for a browser live here (Google's picker API key and app id, Dropbox's app key):
// never a secret, never a token.
import { z } from 'zod';

export type OwnPickerConfig = {
  /** Google Picker: needs its API key and app id (the Cloud project number); the person signs in to Google in Google's own popup. */
  google: { apiKey: string; appId: string; scriptUrl: string; signInScriptUrl: string } | null;
  /** Dropbox Chooser: signs in on its own with the app key. */
  dropbox: { appKey: string; scriptUrl: string } | null;
  /** Box Content Picker: opened with the Box picker key this server already issues. */
  box: { scriptUrl: string; styleUrl: string | null } | null;
};

export const OWN_PICKER_DEFAULTS = {
  googleScript: 'https://apis.google.com/js/api.js',
  googleSignInScript: 'https://accounts.google.com/gsi/client',
  dropboxScript: 'https://www.dropbox.com/static/api/2/dropins.js',
};

const isHttpUrl = (v: string) => z.url({ protocol: /^https?$/ }).safeParse(v).success;

/** Reads the pickers' settings from the (already cleaned) environment; the problems found, one line each. */
export function parseOwnPickerConfig(env: Record<string, string | undefined>): { config: OwnPickerConfig; problems: string[] } {
  const problems: string[] = [];
  const url = (name: string, fallback: string | null) => {
    const v = env[name];
    if (v === undefined) return fallback;
    if (!isHttpUrl(v)) problems.push(`${name}: must be an http:// or https:// URL`);
    return v;
  };
  const apiKey = env.CONNECTOR_GOOGLE_PICKER_API_KEY;
  const appId = env.CONNECTOR_GOOGLE_PICKER_APP_ID;
  if (!!apiKey !== !!appId) problems.push('CONNECTOR_GOOGLE_PICKER_API_KEY and CONNECTOR_GOOGLE_PICKER_APP_ID: set both, or neither');
  const googleScript = url('CONNECTOR_GOOGLE_PICKER_SCRIPT_URL', OWN_PICKER_DEFAULTS.googleScript) as string;
  const googleSignIn = url('CONNECTOR_GOOGLE_SIGN_IN_SCRIPT_URL', OWN_PICKER_DEFAULTS.googleSignInScript) as string;
  const appKey = env.CONNECTOR_DROPBOX_CHOOSER_APP_KEY;
  const dropboxScript = url('CONNECTOR_DROPBOX_CHOOSER_SCRIPT_URL', OWN_PICKER_DEFAULTS.dropboxScript) as string;
  // Box publishes its picker per version (cdn01.boxcdn.net/platform/elements/<version>/en-US/picker.js): no default.
  const boxScript = url('CONNECTOR_BOX_PICKER_SCRIPT_URL', null);
  const boxStyle = url('CONNECTOR_BOX_PICKER_STYLE_URL', null);
  if (boxStyle && !boxScript) problems.push('CONNECTOR_BOX_PICKER_STYLE_URL: set CONNECTOR_BOX_PICKER_SCRIPT_URL too');
  return {
    config: {
      google: apiKey && appId ? { apiKey, appId, scriptUrl: googleScript, signInScriptUrl: googleSignIn } : null,
      dropbox: appKey ? { appKey, scriptUrl: dropboxScript } : null,
      box: boxScript ? { scriptUrl: boxScript, styleUrl: boxStyle } : null,
    },
    problems,
  };
}

/** Where the configured pickers load from and talk to, for the page's Content-Security-Policy. */
export function ownPickerOrigins(pickers: OwnPickerConfig): { script: string[]; style: string[]; frame: string[]; connect: string[] } {
  const origin = (u: string) => new URL(u).origin;
  const script: string[] = [];
  const style: string[] = [];
  const frame: string[] = [];
  const connect: string[] = [];
  if (pickers.google) {
    script.push(origin(pickers.google.scriptUrl), origin(pickers.google.signInScriptUrl));
    // The picker and Google's sign-in open as frames of Google's.
    frame.push('https://docs.google.com', 'https://accounts.google.com', 'https://content.googleapis.com');
    // Google's sign-in styles its own button and prompt from accounts.google.com/gsi/style.
    style.push('https://accounts.google.com');
    connect.push('https://accounts.google.com');
  }
  if (pickers.dropbox) script.push(origin(pickers.dropbox.scriptUrl));
  if (pickers.box) {
    script.push(origin(pickers.box.scriptUrl));
    if (pickers.box.styleUrl) style.push(origin(pickers.box.styleUrl));
    // The picker lists the folders from Box's API in the page.
    connect.push('https://api.box.com', 'https://upload.box.com');
  }
  const unique = (l: string[]) => [...new Set(l)];
  return { script: unique(script), style: unique(style), frame: unique(frame), connect: unique(connect) };
}
