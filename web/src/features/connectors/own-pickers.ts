// The slice of each provider's own picker the page uses (issue 32), each signing the person in by
// itself so no token of this server's reaches the page: Google Picker (with Google's own sign-in
// popup, scope drive.file), Dropbox Chooser (its app key), Box Content Picker (the downscoped Box
// picker key this server already issues). Microsoft's File Picker v8 is not here: it must be given
// an access token in the page (see services/connectors/own-pickers.ts). What each answers is
// untrusted: only string ids are kept.
import { CONNECTOR_PICK_EXTENSIONS } from '../../../../services/connectors/pure';
import { type Credentials, loadScript, loadStyle, type OwnPicker, type Picked } from './own-picker-loader';

type Chosen = { id: unknown; folder: boolean; drive?: unknown };

/** The pick as the sync call takes it; nothing chosen is a cancel. */
export function pickedOf(chosen: Chosen[]): Picked | null {
  const ok = chosen.filter((c) => typeof c.id === 'string' && c.id.length > 0 && c.id.length <= 1024);
  const files = ok.filter((c) => !c.folder);
  const folders = ok.filter((c) => c.folder);
  if (!ok.length) return null;
  return {
    file_ids: files.map((c) => c.id as string),
    folder_ids: folders.map((c) => c.id as string),
    drive_ids: [...files, ...folders].map((c) => (typeof c.drive === 'string' ? c.drive : '')),
  };
}

const need = (v: string | undefined, what: string) => {
  if (!v) throw new Error(`the picker's ${what} is not configured`);
  return v;
};

type DropboxFile = { id?: unknown; isDir?: unknown };
type DropboxApi = {
  choose: (o: {
    success: (files: DropboxFile[]) => void;
    cancel: () => void;
    linkType: 'preview';
    multiselect: boolean;
    folderselect: boolean;
    extensions: string[];
  }) => void;
};

export const dropboxChooser: OwnPicker = {
  // dropins.js reads its app key from its own script element (id "dropboxjs", data-app-key).
  load: (c, timeoutMs) => loadScript(c.script_url ?? '', timeoutMs, { id: 'dropboxjs', 'data-app-key': need(c.api_key, 'app key') }),
  open: () =>
    new Promise((resolve, reject) => {
      const dropbox = (window as unknown as { Dropbox?: DropboxApi }).Dropbox;
      if (!dropbox?.choose) return reject(new Error('Dropbox Chooser is not on the page'));
      dropbox.choose({
        success: (files) => resolve(pickedOf((Array.isArray(files) ? files : []).map((f) => ({ id: f?.id, folder: f?.isDir === true })))),
        cancel: () => resolve(null),
        linkType: 'preview',
        multiselect: true,
        folderselect: true,
        extensions: [...CONNECTOR_PICK_EXTENSIONS],
      });
    }),
};

type BoxItem = { id?: unknown; type?: unknown };
type BoxContentPicker = {
  addListener: (event: 'choose' | 'cancel', listener: (items?: BoxItem[]) => void) => void;
  show: (folderId: string, token: string, options: Record<string, unknown>) => void;
  hide?: () => void;
};

/** Box's picker shows inside the page: in `container`, with the Box picker key; `mode`: Box's 'Upload files' or 'Upload folders'. */
export function boxContentPicker(f: { container: () => HTMLElement | null; key: () => Promise<string>; mode?: 'files' | 'folders' }): OwnPicker {
  return {
    load: async (c, timeoutMs) => {
      if (c.style_url) loadStyle(c.style_url);
      await loadScript(c.script_url ?? '', timeoutMs);
    },
    open: async () => {
      const Box = (window as unknown as { Box?: { ContentPicker?: new () => BoxContentPicker } }).Box;
      if (!Box?.ContentPicker) throw new Error('Box Content Picker is not on the page');
      const container = f.container();
      if (!container) throw new Error("the Box picker's place in the page is gone");
      const token = await f.key();
      const picker = new Box.ContentPicker();
      return new Promise<Picked | null>((resolve) => {
        picker.addListener('choose', (items) =>
          resolve(pickedOf((Array.isArray(items) ? items : []).map((i) => ({ id: i?.id, folder: i?.type === 'folder' })))),
        );
        picker.addListener('cancel', () => resolve(null));
        picker.show('0', token, {
          container,
          type: f.mode === 'files' ? 'file' : f.mode === 'folders' ? 'folder' : 'file,folder',
          extensions: CONNECTOR_PICK_EXTENSIONS.map((e) => e.slice(1)),
          canUpload: false,
          canCreateNewFolder: false,
          canSetShareAccess: false,
        });
      });
    },
  };
}

type GoogleDoc = { id?: unknown; mimeType?: unknown; driveId?: unknown };
type GooglePicker = {
  PickerBuilder: new () => GoogleBuilder;
  DocsView: new () => GoogleView;
  Feature: { MULTISELECT_ENABLED: string; SUPPORT_DRIVES: string };
  Action: { PICKED: string; CANCEL: string };
};
type GoogleView = {
  setIncludeFolders: (b: boolean) => GoogleView;
  setSelectFolderEnabled: (b: boolean) => GoogleView;
  setEnableDrives: (b: boolean) => GoogleView;
};
type GoogleBuilder = {
  addView: (v: GoogleView) => GoogleBuilder;
  enableFeature: (f: string) => GoogleBuilder;
  setOAuthToken: (t: string) => GoogleBuilder;
  setDeveloperKey: (k: string) => GoogleBuilder;
  setAppId: (id: string) => GoogleBuilder;
  setCallback: (cb: (data: { action?: unknown; docs?: GoogleDoc[] }) => void) => GoogleBuilder;
  build: () => { setVisible: (v: boolean) => void };
};
type GoogleGlobals = {
  gapi?: { load: (lib: 'picker', o: { callback: () => void; onerror: () => void; timeout: number; ontimeout: () => void }) => void };
  google?: {
    picker?: GooglePicker;
    accounts?: {
      oauth2?: {
        initTokenClient: (o: {
          client_id: string;
          scope: string;
          login_hint?: string;
          callback: (r: { access_token?: string; error?: string }) => void;
          error_callback: (e: { type?: string }) => void;
        }) => { requestAccessToken: () => void };
      };
    };
  };
};
const GOOGLE_FOLDER = 'application/vnd.google-apps.folder';
/** The picker sees the files the person picks, nothing more; the server syncs them with its own connection. */
const GOOGLE_PICKER_SCOPE = 'https://www.googleapis.com/auth/drive.file';

/** Google's sign-in popup: a token for the picker, issued by Google to the page (never one of this server's); null when the person closes it. */
function googleToken(c: Credentials): Promise<string | null> {
  const oauth2 = (window as unknown as GoogleGlobals).google?.accounts?.oauth2;
  if (!oauth2) return Promise.reject(new Error("Google's sign-in is not on the page"));
  return new Promise((resolve, reject) => {
    oauth2
      .initTokenClient({
        client_id: need(c.client_id, 'client id'),
        scope: GOOGLE_PICKER_SCOPE,
        ...(c.account_identifier ? { login_hint: c.account_identifier } : {}),
        callback: (r) => (r.access_token ? resolve(r.access_token) : r.error === 'access_denied' ? resolve(null) : reject(new Error(r.error ?? 'no token'))),
        error_callback: (e) => (e.type === 'popup_closed' ? resolve(null) : reject(new Error(`Google's sign-in failed: ${e.type ?? 'unknown'}`))),
      })
      .requestAccessToken();
  });
}

export const googlePicker: OwnPicker = {
  load: async (c, timeoutMs) => {
    await Promise.all([loadScript(c.script_url ?? '', timeoutMs), loadScript(need(c.sign_in_script_url, 'sign-in script'), timeoutMs)]);
    const gapi = (window as unknown as GoogleGlobals).gapi;
    if (!gapi) throw new Error("Google's API loader is not on the page");
    await new Promise<void>((resolve, reject) =>
      gapi.load('picker', {
        callback: resolve,
        onerror: () => reject(new Error("Google's picker did not load")),
        timeout: timeoutMs,
        ontimeout: () => reject(new Error("Google's picker did not load in time")),
      }),
    );
  },
  open: async (c) => {
    const picker = (window as unknown as GoogleGlobals).google?.picker;
    if (!picker) throw new Error("Google's picker is not on the page");
    const token = await googleToken(c);
    if (!token) return null;
    return new Promise<Picked | null>((resolve) => {
      const view = new picker.DocsView().setIncludeFolders(true).setSelectFolderEnabled(true).setEnableDrives(true);
      new picker.PickerBuilder()
        .addView(view)
        .enableFeature(picker.Feature.MULTISELECT_ENABLED)
        .enableFeature(picker.Feature.SUPPORT_DRIVES)
        .setOAuthToken(token)
        .setDeveloperKey(need(c.api_key, 'API key'))
        .setAppId(need(c.app_id, 'app id'))
        .setCallback((data) => {
          if (data.action === picker.Action.PICKED)
            resolve(
              pickedOf((Array.isArray(data.docs) ? data.docs : []).map((d) => ({ id: d?.id, folder: d?.mimeType === GOOGLE_FOLDER, drive: d?.driveId }))),
            );
          else if (data.action === picker.Action.CANCEL) resolve(null);
        })
        .build()
        .setVisible(true);
    });
  },
};
