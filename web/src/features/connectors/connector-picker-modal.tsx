// The picker for a connected file source: our browser over the provider's API (folders, shared
// drives, search by name, several at once); SharePoint's starts at the libraries of the site chosen
// in the site selector, Box's picks files only ('Upload files') or folders only ('Upload folders').
// Picked items are synced into the repository and the pick logged; the list of connector files
// refreshes at 1 s and 5 s after (seed 001 §4), the toast says a mail comes when the sync is done,
// and the sync toast follows the pick's files. A Microsoft picker's first page follows the
// Microsoft login rules (one at a time, 20 s). When the administrator configured the provider's
// own picker (Google Picker, Dropbox Chooser, Box Content Picker), it is tried first; if it does not
// load or fails, ours shows instead, with one quiet line saying so.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { browseConnector, logConnectorPick, syncConnectorFiles } from '../../../../generated/react-query/connectors/connectors';
import type { ConnectorBrowsePage, ConnectorFileList } from '../../../../generated/react-query/model';
import type { ModalProps } from '../../platform/modals/types';
import { problemMessage } from '../../platform/problem';
import { TOAST_DURATION, toast } from '../../platform/toasts';
import { ModalTitle } from '../../ui/modal-parts';
import type { ConnectorPickerArgs } from './connectors-args';
import { trackConnectorSync } from './connector-sync-toast';
import { ensureBoxPickerKey } from './box-picker-key';
import { MicrosoftTokenError, throughLogin } from './microsoft-login';
import { openOwnPicker, type OwnPicker, type Picked } from './own-picker-loader';
import { boxContentPicker, dropboxChooser, googlePicker } from './own-pickers';
import { labelOf } from './use-connectors';

type Item = ConnectorBrowsePage['items'][number];
type Folder = { id: string; name: string; drive_id: string | null };
const SEARCH_DEBOUNCE_MS = 250;
/** Items of different drives may share an id (each SharePoint library's 'root'). */
const keyOf = (i: { id: string; drive_id: string | null }) => `${i.drive_id ?? ''}/${i.id}`;

export const refreshConnectorFiles = (client: ReturnType<typeof useQueryClient>) =>
  client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/rest/connectors/files/list') });

/** The provider's own picker for `name`, when the page has one for it. */
function ownPickerOf(name: string, box: Parameters<typeof boxContentPicker>[0]): OwnPicker | null {
  if (name === 'google_drive') return googlePicker;
  if (name === 'dropbox') return dropboxChooser;
  if (name === 'box') return boxContentPicker(box);
  return null;
}

export default function ConnectorPickerModal({ args, close }: ModalProps<ConnectorPickerArgs>) {
  const label = labelOf(args.name);
  const client = useQueryClient();
  // 'own': the provider's picker is loading or open; 'ours' (with `fellBack` when it failed): our browser.
  const [mode, setMode] = useState<'own' | 'ours'>(args.own ? 'own' : 'ours');
  const [fellBack, setFellBack] = useState(false);
  const ownPlace = useRef<HTMLDivElement>(null);
  const [path, setPath] = useState<Folder[]>([]);
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [items, setItems] = useState<Item[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [picked, setPicked] = useState<Map<string, Item>>(new Map());
  const [syncing, setSyncing] = useState(false);
  const folder = path.at(-1) ?? null;
  const scope = args.repository.file_repository_type === 'ORG' ? ('ORG' as const) : ('USER' as const);

  const ownPicker = useRef<OwnPicker | null>(null);
  // The first answer of the provider's picker wins (the person may open it again, below).
  const ownSettled = useRef(false);
  function tryOwn() {
    const own = args.own;
    if (!own || !ownPicker.current) return;
    void openOwnPicker(ownPicker.current, own).then((outcome) => {
      if (ownSettled.current) return;
      ownSettled.current = true;
      if (outcome.kind === 'picked') void submit(outcome.picked);
      else if (outcome.kind === 'cancelled') close();
      else {
        console.warn(`${label}'s own picker failed: ${outcome.reason}`);
        setFellBack(true);
        setMode('ours');
      }
    });
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: the provider's picker is tried once, when the modal opens.
  useEffect(() => {
    ownSettled.current = false;
    ownPicker.current = args.own
      ? ownPickerOf(args.name, { container: () => ownPlace.current, key: async () => (await ensureBoxPickerKey(client, scope)).api_key, mode: args.mode })
      : null;
    if (!ownPicker.current) setMode('ours');
    else tryOwn();
    return () => {
      ownSettled.current = true;
    };
  }, []);

  useEffect(() => {
    const t = setTimeout(() => setQuery(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [search]);

  async function load(more: string | null) {
    setLoading(true);
    setError(null);
    try {
      const call = async () =>
        (
          await browseConnector(args.name, {
            file_repository_type: scope,
            ...(args.site ? { site_id: args.site.id } : {}),
            ...(folder?.drive_id ? { drive_id: folder.drive_id } : {}),
            ...(query ? { search: query } : folder ? { folder_id: folder.id } : {}),
            ...(more ? { cursor: more } : {}),
          })
        ).data as ConnectorBrowsePage;
      const page = more || path.length || query ? await call() : await throughLogin(args.name, call);
      setItems((old) => (more ? [...old, ...page.items] : page.items));
      setCursor(page.next_cursor);
    } catch (err) {
      const fallback = `${label} is not responding. Please try again later.`;
      setError(err instanceof MicrosoftTokenError ? `${err.message}. ${problemMessage(err.cause, fallback)}` : problemMessage(err, fallback));
    } finally {
      setLoading(false);
    }
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: a page is loaded when the folder or the search changes.
  useEffect(() => {
    if (mode === 'ours') void load(null);
  }, [folder ? keyOf(folder) : null, query, mode]);

  // Box's 'Upload files' picks files only, its 'Upload folders' folders only.
  const pickable = (item: Item) => item.selectable && !(args.mode === 'files' && item.type === 'FOLDER') && !(args.mode === 'folders' && item.type === 'FILE');

  const openFolder = (item: Item) => {
    setSearch('');
    setQuery('');
    setPath([...path, { id: item.id, name: item.name, drive_id: item.drive_id }]);
  };

  const toggle = (item: Item) =>
    setPicked((old) => {
      const next = new Map(old);
      if (next.has(keyOf(item))) next.delete(keyOf(item));
      else next.set(keyOf(item), item);
      return next;
    });

  function sync() {
    const chosen = [...picked.values()];
    const files = chosen.filter((i) => i.type === 'FILE');
    const folders = chosen.filter((i) => i.type === 'FOLDER');
    return submit({
      file_ids: files.map((i) => i.id),
      folder_ids: folders.map((i) => i.id),
      drive_ids: [...files, ...folders].map((i) => i.drive_id ?? ''),
    });
  }

  /** Whichever picker chose them, the items go to the same sync call. */
  async function submit({ file_ids, folder_ids, drive_ids }: Picked) {
    setSyncing(true);
    try {
      const r = await syncConnectorFiles(args.name, { file_ids, folder_ids, drive_ids, file_repository_info: args.repository });
      toast.success("You'll receive an email when the sync is complete", { duration: TOAST_DURATION.long });
      close();
      for (const ms of [0, 1000, 5000]) setTimeout(() => void refreshConnectorFiles(client), ms);
      trackConnectorSync(client, { name: args.name, repository: args.repository, picked: (r.data as ConnectorFileList).files });
      // The log is a courtesy: a failure to write it changes nothing for the person.
      void logConnectorPick({ connection_type: args.name, content: `picked ${file_ids.length} files and ${folder_ids.length} folders` }).catch(() => {});
    } catch (err) {
      toast.error(problemMessage(err, `${label} is not responding. Please try again later.`), { duration: TOAST_DURATION.long });
      setSyncing(false);
      // A pick from the provider's picker that did not sync leaves ours to try again with.
      setMode('ours');
    }
  }

  if (mode === 'own')
    return (
      <div className="flex flex-col gap-3">
        <ModalTitle>{`Add from ${label}`}</ModalTitle>
        <p role="status" className="text-sm text-neutral-500">
          {syncing ? 'Syncing…' : `Opening ${label}…`}
        </p>
        {/* Box's picker shows here; Google's and Dropbox's open over the page. */}
        <div ref={ownPlace} className={args.name === 'box' ? 'h-[800px] max-h-[70vh]' : 'hidden'} />
        <div className="flex justify-end gap-2">
          <button type="button" className="rounded-lg border px-3 py-1.5 text-sm" onClick={close}>
            Cancel
          </button>
          {/* A browser that blocked the provider's popup opens it from this click. */}
          {args.name === 'box' || syncing ? null : (
            <button type="button" className="btn-primary" onClick={tryOwn}>
              {`Open ${label}`}
            </button>
          )}
        </div>
      </div>
    );

  return (
    <div className="flex flex-col gap-3">
      <ModalTitle>{args.site ? `Add from ${label}: ${args.site.name}` : `Add from ${label}`}</ModalTitle>
      {fellBack ? <p className="text-sm text-neutral-500">{`${label}'s own picker did not open, so your files are shown here instead.`}</p> : null}
      <input
        type="search"
        aria-label="Search files"
        placeholder="Search files"
        className="rounded-lg border px-3 py-1.5 text-sm dark:border-neutral-700 dark:bg-neutral-900"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {!query && (
        <nav aria-label="Folder" className="flex flex-wrap items-center gap-1 text-sm">
          <button type="button" className="underline-offset-2 hover:underline" onClick={() => setPath([])}>
            All
          </button>
          {path.map((f, i) => (
            <span key={keyOf(f)} className="flex items-center gap-1">
              <span aria-hidden>/</span>
              <button type="button" className="underline-offset-2 hover:underline" onClick={() => setPath(path.slice(0, i + 1))}>
                {f.name}
              </button>
            </span>
          ))}
        </nav>
      )}
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      <ul aria-label={`${label} items`} className="max-h-96 divide-y overflow-y-auto rounded-lg border dark:divide-neutral-800 dark:border-neutral-800">
        {items.map((item) => (
          <li key={keyOf(item)} className="flex items-center gap-2 px-3 py-2 text-sm">
            <input
              type="checkbox"
              aria-label={`Pick ${item.name}`}
              disabled={!pickable(item)}
              checked={picked.has(keyOf(item))}
              onChange={() => toggle(item)}
            />
            {item.type === 'FOLDER' ? (
              <button type="button" className="truncate text-left font-medium hover:underline" onClick={() => openFolder(item)}>
                {item.name}
              </button>
            ) : (
              <span className={pickable(item) ? 'truncate' : 'truncate text-neutral-400'}>{item.name}</span>
            )}
          </li>
        ))}
        {!loading && !error && items.length === 0 ? <li className="px-3 py-6 text-center text-sm text-neutral-500">No results</li> : null}
      </ul>
      {cursor ? (
        <button type="button" className="self-start text-sm underline" disabled={loading} onClick={() => void load(cursor)}>
          Load more
        </button>
      ) : null}
      <div className="flex justify-end gap-2">
        <button type="button" className="rounded-lg border px-3 py-1.5 text-sm" onClick={close}>
          Cancel
        </button>
        <button type="button" className="btn-primary" disabled={picked.size === 0 || syncing} onClick={() => void sync()}>
          {picked.size ? `Sync ${picked.size} ${picked.size === 1 ? 'item' : 'items'}` : 'Sync'}
        </button>
      </div>
    </div>
  );
}
