// The providers' own pickers, tried before ours (issue 32): the picker's script is loaded from the
// address the server's configuration gives (Connector.picker_credentials), within 5 s; a script
// that fails to load or takes longer, or a picker that errors, ends in 'failed' and the page falls
// back to our own picker over the provider's API. A person who closes the provider's picker has
// cancelled: nothing falls back. The loading timeout is for the script only: choosing takes as long
// as the person likes.
import type { ConnectorPickerCredentials } from '../../../../generated/react-query/model';

export const OWN_PICKER_LOAD_TIMEOUT_MS = 5_000;

/** What the server says the provider's picker needs (never null here: null means our picker only). */
export type Credentials = NonNullable<ConnectorPickerCredentials>;

/** What a picker chose, as POST /rest/connectors/{name}/files takes it. */
export type Picked = { file_ids: string[]; folder_ids: string[]; drive_ids: string[] };
export type OwnPickerOutcome = { kind: 'picked'; picked: Picked } | { kind: 'cancelled' } | { kind: 'failed'; reason: string };

/** One provider's picker: `load` brings its scripts in; `open` shows it and answers the pick, or null on cancel. */
export type OwnPicker = {
  load: (credentials: Credentials, timeoutMs: number) => Promise<void>;
  open: (credentials: Credentials) => Promise<Picked | null>;
};

const loaded = new Map<string, Promise<void>>();

/**
 * Adds `<script src=url>` once per page (with `attributes`, e.g. Dropbox's app key); rejects when
 * it fails to load or has not loaded within `timeoutMs`, and then forgets it, so a later try loads it anew.
 */
export function loadScript(url: string, timeoutMs: number, attributes: Record<string, string> = {}): Promise<void> {
  const known = loaded.get(url);
  if (known) return known;
  const script = document.createElement('script');
  const promise = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the script at ${url} did not load within ${timeoutMs} ms`)), timeoutMs);
    script.onload = () => {
      clearTimeout(timer);
      resolve();
    };
    script.onerror = () => {
      clearTimeout(timer);
      reject(new Error(`the script at ${url} did not load`));
    };
  }).catch((err: unknown) => {
    loaded.delete(url);
    script.remove();
    throw err;
  });
  loaded.set(url, promise);
  for (const [k, v] of Object.entries(attributes)) script.setAttribute(k, v);
  script.async = true;
  script.src = url;
  document.head.appendChild(script);
  return promise;
}

/** Adds a stylesheet once per page; a stylesheet that does not load changes nothing but the looks. */
export function loadStyle(url: string) {
  if (document.querySelector(`link[rel="stylesheet"][href="${CSS.escape(url)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = url;
  document.head.appendChild(link);
}

/** Loads and opens `picker`; every failure, the timeout included, is 'failed' so the page falls back to ours. */
export async function openOwnPicker(picker: OwnPicker, credentials: Credentials, timeoutMs = OWN_PICKER_LOAD_TIMEOUT_MS): Promise<OwnPickerOutcome> {
  try {
    await picker.load(credentials, timeoutMs);
    const picked = await picker.open(credentials);
    return picked ? { kind: 'picked', picked } : { kind: 'cancelled' };
  } catch (err) {
    return { kind: 'failed', reason: err instanceof Error ? err.message : String(err) };
  }
}
