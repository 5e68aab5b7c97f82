// Fakes of the providers' own picker scripts (issue 32), for the slice of each JS API the page uses,
// served on 127.0.0.1: Dropbox Chooser (dropins.js: Dropbox.choose, the app key read from the
// script element), Box Content Picker (Box.ContentPicker: addListener, show), Google's API loader
// (gapi.load('picker')) with google.picker's builder, and Google's sign-in (google.accounts.oauth2
// token client). Each shows its items as a small dialog of checkboxes and a 'Choose' and a 'Cancel'
// button, so a test picks as a person would. `state.down` answers every script with 503;
// `state.hang` never answers (a script that times out).
import { listenLoopback } from '../listen';

/** What a fake picker offers: ids as the provider gives them, folders marked. */
export type FakePickerItem = { id: string; name: string; folder?: boolean; driveId?: string };

/** The dialog each fake shows: `render(items, done)` calls done(chosen) or done(null). */
const DIALOG = `
function fakePickerDialog(title, items, done) {
  var box = document.createElement('div');
  box.setAttribute('role', 'dialog');
  box.setAttribute('aria-label', title);
  box.style.cssText = 'position:fixed;inset:20px;z-index:99999;background:#fff;border:1px solid #000;padding:12px;pointer-events:auto';
  items.forEach(function (item) {
    var row = document.createElement('label');
    row.style.display = 'block';
    var check = document.createElement('input');
    check.type = 'checkbox';
    check.setAttribute('aria-label', 'Choose ' + item.name);
    check.dataset.index = String(items.indexOf(item));
    row.appendChild(check);
    row.appendChild(document.createTextNode(' ' + item.name));
    box.appendChild(row);
  });
  function button(text, act) {
    var b = document.createElement('button');
    b.type = 'button';
    b.textContent = text;
    b.addEventListener('click', function () { box.remove(); act(); });
    box.appendChild(b);
  }
  button('Choose', function () {
    var chosen = [];
    box.querySelectorAll('input:checked').forEach(function (c) { chosen.push(items[Number(c.dataset.index)]); });
    done(chosen);
  });
  button('Cancel', function () { done(null); });
  document.body.appendChild(box);
}
`;

export function dropboxChooserScript(items: FakePickerItem[]) {
  return `(function () {
${DIALOG}
  var items = ${JSON.stringify(items)};
  var script = document.getElementById('dropboxjs');
  if (!script || !script.getAttribute('data-app-key')) throw new Error('dropins.js: missing the app key');
  window.Dropbox = {
    appKey: script.getAttribute('data-app-key'),
    choose: function (options) {
      fakePickerDialog('Dropbox Chooser', items, function (chosen) {
        if (!chosen) return options.cancel && options.cancel();
        options.success(chosen.map(function (i) { return { id: i.id, name: i.name, isDir: !!i.folder, link: 'https://www.dropbox.com/preview/' + i.name }; }));
      });
    },
  };
})();`;
}

export function boxPickerScript(items: FakePickerItem[]) {
  return `(function () {
${DIALOG}
  var items = ${JSON.stringify(items)};
  function ContentPicker() { this.listeners = {}; }
  ContentPicker.prototype.addListener = function (event, fn) { this.listeners[event] = fn; };
  ContentPicker.prototype.show = function (folderId, token, options) {
    var self = this;
    if (!token) throw new Error('Box picker: no token');
    if (!options || !options.container) throw new Error('Box picker: no container');
    window.__boxPickerToken = token;
    fakePickerDialog('Box Content Picker', items, function (chosen) {
      if (!chosen) return self.listeners.cancel && self.listeners.cancel();
      self.listeners.choose(chosen.map(function (i) { return { id: i.id, name: i.name, type: i.folder ? 'folder' : 'file' }; }));
    });
  };
  window.Box = { ContentPicker: ContentPicker };
})();`;
}

export function googleApiScript(items: FakePickerItem[]) {
  return `(function () {
${DIALOG}
  var items = ${JSON.stringify(items)};
  window.google = window.google || {};
  var Action = { PICKED: 'picked', CANCEL: 'cancel', LOADED: 'loaded' };
  function DocsView() {}
  ['setIncludeFolders', 'setSelectFolderEnabled', 'setEnableDrives'].forEach(function (m) { DocsView.prototype[m] = function () { return this; }; });
  function PickerBuilder() { this.o = {}; }
  PickerBuilder.prototype.addView = function () { return this; };
  PickerBuilder.prototype.enableFeature = function () { return this; };
  PickerBuilder.prototype.setOAuthToken = function (t) { this.o.token = t; return this; };
  PickerBuilder.prototype.setDeveloperKey = function (k) { this.o.key = k; return this; };
  PickerBuilder.prototype.setAppId = function (a) { this.o.appId = a; return this; };
  PickerBuilder.prototype.setCallback = function (cb) { this.o.cb = cb; return this; };
  PickerBuilder.prototype.build = function () {
    var o = this.o;
    if (!o.token || !o.key || !o.appId) throw new Error('Google Picker: token, developer key and app id are needed');
    window.__googlePickerToken = o.token;
    return { setVisible: function () {
      o.cb({ action: Action.LOADED });
      fakePickerDialog('Google Picker', items, function (chosen) {
        if (!chosen) return o.cb({ action: Action.CANCEL });
        o.cb({ action: Action.PICKED, docs: chosen.map(function (i) { return { id: i.id, name: i.name, mimeType: i.folder ? 'application/vnd.google-apps.folder' : 'text/plain', driveId: i.driveId }; }) });
      });
    } };
  };
  window.gapi = { load: function (lib, o) {
    if (lib !== 'picker') return o.onerror();
    window.google.picker = { DocsView: DocsView, PickerBuilder: PickerBuilder, Action: Action, Feature: { MULTISELECT_ENABLED: 'multiselect', SUPPORT_DRIVES: 'drives' } };
    setTimeout(o.callback, 0);
  } };
})();`;
}

/** Google's sign-in: a token issued to the page for the client id; `grant: false` is a person who closes the popup. */
export function googleSignInScript(f: { grant: boolean }) {
  return `(function () {
  window.google = window.google || {};
  window.google.accounts = { oauth2: { initTokenClient: function (o) {
    if (!o.client_id) throw new Error('gsi: no client id');
    return { requestAccessToken: function () {
      setTimeout(function () {
        ${f.grant ? "o.callback({ access_token: 'page-token-for-' + o.client_id + (o.login_hint ? '-' + o.login_hint : '') });" : "o.error_callback({ type: 'popup_closed' });"}
      }, 0);
    } };
  } } };
})();`;
}

export type PickerScriptsState = { down: boolean; hang: boolean; requests: string[]; googleGrants: boolean };

/** The fake scripts at /dropins.js, /box-picker.js, /google-api.js and /google-gsi.js. */
export async function startPickerScripts(items: { dropbox?: FakePickerItem[]; box?: FakePickerItem[]; google?: FakePickerItem[] }) {
  const state: PickerScriptsState = { down: false, hang: false, requests: [], googleGrants: true };
  const scripts: Record<string, () => string> = {
    '/dropins.js': () => dropboxChooserScript(items.dropbox ?? []),
    '/box-picker.js': () => boxPickerScript(items.box ?? []),
    '/google-api.js': () => googleApiScript(items.google ?? []),
    '/google-gsi.js': () => googleSignInScript({ grant: state.googleGrants }),
  };
  const server = await listenLoopback((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    state.requests.push(path);
    if (state.hang) return;
    const script = scripts[path];
    if (state.down || !script) {
      res.writeHead(state.down ? 503 : 404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store', 'access-control-allow-origin': '*' }).end(script());
  });
  return { ...server, state };
}
