// The connector files of a repository (seed 001 §2): Source, Name, Date and Status; the 'All'
// breadcrumb then the folder path; 'Search files'; a status filter; Prev and Next by cursor, the
// cursor and its history reset when the search, the filter or the folder changes (seed 001 §4);
// refetched every 5 s while anything is syncing or queued.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { listConnectorFiles } from '../../../../generated/react-query/connectors/connectors';
import type { ConnectorFile, ConnectorFilePage, ConnectorFileStatus } from '../../../../generated/react-query/model';
import { problemMessage } from '../../platform/problem';
import type { ConnectorPickerArgs } from './connectors-args';
import { labelOf } from './use-connectors';

const PAGE_SIZE = 50;
const POLL_MS = 5_000;
const SEARCH_DEBOUNCE_MS = 250;
const WAITING: ConnectorFileStatus[] = ['RECEIVED', 'QUEUED', 'RATE_LIMITED', 'SYNCING', 'EVALUATING_RESYNC'];

/** The seed's labels: RATE_LIMITED shows as Queued, SYNC_ERROR as 'Sync error', READY as Ready. */
export const STATUS_LABEL: Record<ConnectorFileStatus, string> = {
  RECEIVED: 'Queued',
  QUEUED: 'Queued',
  RATE_LIMITED: 'Queued',
  SYNCING: 'Syncing',
  EVALUATING_RESYNC: 'Checking for changes',
  SYNC_ERROR: 'Sync error',
  READY: 'Ready',
};
const FILTERS: { label: string; status: ConnectorFileStatus[] }[] = [
  { label: 'All statuses', status: [] },
  { label: 'Ready', status: ['READY'] },
  { label: 'Queued', status: ['RECEIVED', 'QUEUED', 'RATE_LIMITED'] },
  { label: 'Syncing', status: ['SYNCING', 'EVALUATING_RESYNC'] },
  { label: 'Sync error', status: ['SYNC_ERROR'] },
];

type Folder = { uuid: string; name: string };

export function ConnectorFiles({ repository }: { repository: ConnectorPickerArgs['repository'] }) {
  const [path, setPath] = useState<Folder[]>([]);
  const [search, setSearch] = useState('');
  const [keyword, setKeyword] = useState('');
  const [filter, setFilter] = useState(0);
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const folder = path.at(-1) ?? null;
  useEffect(() => {
    const t = setTimeout(() => setKeyword(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [search]);
  // A new search, filter or folder starts from the first page again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the cursor history follows these three.
  useEffect(() => setCursors([null]), [keyword, filter, folder?.uuid]);
  const body = {
    file_repository_info: repository,
    filters: {
      ...(folder ? { parent_uuids: [folder.uuid] } : keyword ? {} : { root_files_only: true }),
      ...(keyword ? { search_keyword: keyword } : {}),
      ...(FILTERS[filter].status.length ? { status: FILTERS[filter].status } : {}),
    },
    pagination: { cursor: cursors.at(-1) ?? null, page_size: PAGE_SIZE },
  };
  const list = useQuery({
    queryKey: ['/rest/connectors/files/list', body],
    queryFn: async () => (await listConnectorFiles(body)).data as ConnectorFilePage,
    refetchInterval: (q) => (q.state.data?.files.some((f) => WAITING.includes(f.status)) ? POLL_MS : false),
  });
  const files = list.data?.files ?? [];
  return (
    <section aria-label="Synced files" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <nav aria-label="Synced folder" className="flex flex-1 flex-wrap items-center gap-1 text-sm">
          <button type="button" className="font-medium hover:underline" onClick={() => setPath([])}>
            All
          </button>
          {path.map((f, i) => (
            <span key={f.uuid} className="flex items-center gap-1">
              <span aria-hidden>/</span>
              <button type="button" className="hover:underline" onClick={() => setPath(path.slice(0, i + 1))}>
                {f.name}
              </button>
            </span>
          ))}
        </nav>
        <input
          type="search"
          aria-label="Search files"
          placeholder="Search files"
          className="rounded-lg border px-3 py-1.5 text-sm dark:border-neutral-700 dark:bg-neutral-900"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <select
          aria-label="Status"
          className="rounded-lg border px-2 py-1.5 text-sm dark:border-neutral-700 dark:bg-neutral-900"
          value={filter}
          onChange={(e) => setFilter(Number(e.target.value))}
        >
          {FILTERS.map((f, i) => (
            <option key={f.label} value={i}>
              {f.label}
            </option>
          ))}
        </select>
      </div>
      {list.isError ? <p role="alert">{problemMessage(list.error, 'Failed to get connector files')}</p> : null}
      <table className="w-full text-left text-sm">
        <thead className="text-neutral-500">
          <tr>
            <th className="py-1 font-medium">Source</th>
            <th className="py-1 font-medium">Name</th>
            <th className="py-1 font-medium">Date</th>
            <th className="py-1 font-medium">Status</th>
          </tr>
        </thead>
        <tbody>
          {files.map((f) => (
            <Row key={f.uuid} file={f} open={() => setPath([...path, { uuid: f.uuid, name: f.name }])} />
          ))}
        </tbody>
      </table>
      {list.isSuccess && files.length === 0 ? <p className="py-4 text-center text-sm text-neutral-500">Files that you sync will be found here</p> : null}
      <div className="flex justify-end gap-2">
        <button
          type="button"
          className="rounded-lg border px-3 py-1 text-sm disabled:opacity-50"
          disabled={cursors.length <= 1}
          onClick={() => setCursors(cursors.slice(0, -1))}
        >
          Prev
        </button>
        <button
          type="button"
          className="rounded-lg border px-3 py-1 text-sm disabled:opacity-50"
          disabled={!list.data?.next_cursor}
          onClick={() => list.data?.next_cursor && setCursors([...cursors, list.data.next_cursor])}
        >
          Next
        </button>
      </div>
    </section>
  );
}

function Row({ file: f, open }: { file: ConnectorFile; open: () => void }) {
  return (
    <tr className="border-t dark:border-neutral-800">
      <td className="py-2 pr-2">{labelOf(f.connection_type)}</td>
      <td className="py-2 pr-2">
        {f.type === 'FOLDER' ? (
          <button type="button" className="font-medium hover:underline" onClick={open}>
            {f.name}
          </button>
        ) : f.connection_file_url ? (
          <a href={f.connection_file_url} target="_blank" rel="noreferrer" className="hover:underline">
            {f.name}
          </a>
        ) : (
          f.name
        )}
      </td>
      <td className="py-2 pr-2 text-neutral-500">{new Date(f.updated).toLocaleDateString()}</td>
      <td className="py-2" title={f.error ?? undefined}>
        {STATUS_LABEL[f.status]}
      </td>
    </tr>
  );
}
