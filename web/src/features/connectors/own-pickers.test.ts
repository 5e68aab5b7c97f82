// @vitest-environment happy-dom
// The providers' own pickers (issue 32) against fakes of their scripts served on 127.0.0.1: the
// loader's fallback rules (a script that fails to load, one that never answers within the timeout,
// a picker that errors: 'failed', so the page shows ours; a person who closes the picker:
// 'cancelled'), and what each provider's picker answers, as the sync call takes it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPickerScripts } from '../../../../tests/fakes/pickers/scripts';
import { loadScript, openOwnPicker, type OwnPicker } from './own-picker-loader';
import { boxContentPicker, dropboxChooser, googlePicker, pickedOf } from './own-pickers';

let scripts: Awaited<ReturnType<typeof startPickerScripts>>;
const w = window as unknown as Record<string, unknown>;
/** happy-dom loads no script files unless told: the loader is tried against the fakes for real. */
const settings = (window as unknown as { happyDOM: { settings: { disableJavaScriptFileLoading: boolean; enableJavaScriptEvaluation: boolean } } }).happyDOM
  .settings;

beforeAll(async () => {
  settings.disableJavaScriptFileLoading = false;
  settings.enableJavaScriptEvaluation = true;
  scripts = await startPickerScripts({
    dropbox: [
      { id: 'id:recipes', name: 'Recipes', folder: true },
      { id: 'id:bread', name: 'bread.txt' },
    ],
    box: [
      { id: '10', name: 'Contracts', folder: true },
      { id: '20', name: 'lease.txt' },
    ],
    google: [
      { id: 'field', name: 'Field notes', folder: true, driveId: 'team' },
      { id: 'budget', name: 'budget.csv' },
    ],
  });
});
afterAll(async () => {
  settings.disableJavaScriptFileLoading = true;
  settings.enableJavaScriptEvaluation = false;
  await scripts?.close();
});
afterEach(() => {
  scripts.state.down = false;
  scripts.state.hang = false;
  scripts.state.googleGrants = true;
  document.body.innerHTML = '';
});

/** Runs a fake script as the page would once it loaded. */
async function run(path: string) {
  new Function(await (await fetch(`${scripts.url}${path}`)).text())();
}

/** Waits for the fake's dialog, ticks `names`, and presses `button`. */
async function choose(title: string, names: string[], button: 'Choose' | 'Cancel' = 'Choose') {
  await expect.poll(() => document.querySelector(`[role="dialog"][aria-label="${title}"]`)).not.toBeNull();
  const dialog = document.querySelector(`[role="dialog"][aria-label="${title}"]`) as HTMLElement;
  for (const name of names) (dialog.querySelector(`input[aria-label="Choose ${name}"]`) as HTMLInputElement).checked = true;
  const press = [...dialog.querySelectorAll('button')].find((b) => b.textContent === button) as HTMLButtonElement;
  press.click();
}

describe('the loader of a provider’s own picker', () => {
  const never: OwnPicker['open'] = async () => {
    throw new Error('not opened');
  };

  it('fails, so ours shows, when the script does not load, or has not loaded within the timeout', async () => {
    scripts.state.down = true;
    const down = await openOwnPicker({ load: (c, ms) => loadScript(c.script_url ?? '', ms), open: never }, { script_url: `${scripts.url}/dropins.js` }, 5_000);
    expect(down).toEqual({ kind: 'failed', reason: `the script at ${scripts.url}/dropins.js did not load` });
    scripts.state.down = false;
    scripts.state.hang = true;
    const slow = await openOwnPicker({ load: (c, ms) => loadScript(c.script_url ?? '', ms), open: never }, { script_url: `${scripts.url}/google-api.js` }, 50);
    expect(slow).toEqual({ kind: 'failed', reason: `the script at ${scripts.url}/google-api.js did not load within 50 ms` });
    // A failed script is forgotten: the next try adds it anew.
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
    scripts.state.hang = false;
  });

  it('fails when the picker errors, answers a cancel as cancelled, and a pick as picked', async () => {
    const loaded: OwnPicker['load'] = async () => {};
    expect(await openOwnPicker({ load: loaded, open: never }, { script_url: 'x' })).toEqual({ kind: 'failed', reason: 'not opened' });
    expect(await openOwnPicker({ load: loaded, open: async () => null }, { script_url: 'x' })).toEqual({ kind: 'cancelled' });
    const picked = { file_ids: ['a'], folder_ids: [], drive_ids: [''] };
    expect(await openOwnPicker({ load: loaded, open: async () => picked }, { script_url: 'x' })).toEqual({ kind: 'picked', picked });
  });

  it('keeps only string ids from what a provider answers; nothing chosen is a cancel', () => {
    expect(
      pickedOf([
        { id: 'f', folder: false },
        { id: 7, folder: false },
        { id: 'd', folder: true, drive: 'team' },
        { id: '', folder: true },
      ]),
    ).toEqual({
      file_ids: ['f'],
      folder_ids: ['d'],
      drive_ids: ['', 'team'],
    });
    expect(pickedOf([{ id: { evil: true }, folder: false }])).toBeNull();
  });
});

describe('each provider’s picker against its fake', () => {
  it('Dropbox Chooser: reads its app key from its script element; files and folders chosen, or a cancel', async () => {
    const creds = { script_url: `${scripts.url}/dropins.js`, api_key: 'app-key-1' };
    await dropboxChooser.load(creds, 5_000);
    expect((w.Dropbox as { appKey: string }).appKey).toBe('app-key-1');
    const pick = dropboxChooser.open(creds);
    await choose('Dropbox Chooser', ['Recipes', 'bread.txt']);
    expect(await pick).toEqual({ file_ids: ['id:bread'], folder_ids: ['id:recipes'], drive_ids: ['', ''] });
    const cancelled = dropboxChooser.open(creds);
    await choose('Dropbox Chooser', [], 'Cancel');
    expect(await cancelled).toBeNull();
  });

  it('Box Content Picker: shown in its place in the page with the Box picker key', async () => {
    const creds = { script_url: `${scripts.url}/box-picker.js` };
    const place = document.createElement('div');
    document.body.appendChild(place);
    const picker = boxContentPicker({ container: () => place, key: async () => 'downscoped-key', mode: 'files' });
    await picker.load(creds, 5_000);
    const pick = picker.open(creds);
    await choose('Box Content Picker', ['lease.txt']);
    expect(await pick).toEqual({ file_ids: ['20'], folder_ids: [], drive_ids: [''] });
    expect(w.__boxPickerToken).toBe('downscoped-key');
  });

  it("Google Picker: Google's own sign-in gives the page its token; a shared drive's folder keeps its drive; a closed sign-in is a cancel", async () => {
    const creds = {
      script_url: `${scripts.url}/google-api.js`,
      sign_in_script_url: `${scripts.url}/google-gsi.js`,
      client_id: 'client-1',
      api_key: 'browser-key',
      app_id: '1234',
      account_identifier: 'ada@example.com',
    };
    await googlePicker.load(creds, 5_000);
    const pick = googlePicker.open(creds);
    await choose('Google Picker', ['Field notes', 'budget.csv']);
    expect(await pick).toEqual({ file_ids: ['budget'], folder_ids: ['field'], drive_ids: ['', 'team'] });
    expect(w.__googlePickerToken).toBe('page-token-for-client-1-ada@example.com');
    // The person closes Google's sign-in popup.
    scripts.state.googleGrants = false;
    await run('/google-gsi.js');
    expect(await googlePicker.open(creds)).toBeNull();
  });
});
