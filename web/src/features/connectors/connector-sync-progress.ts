// The sync toast's counts for a pick (seed 001 §2, §4): the files of the pick (the picked files,
// and those found under picked folders while the connector has items waiting) with how many are
// still waiting and how many failed. Looked at 1 s and 5 s after the pick, then every 5 s while
// anything of the connector is syncing or queued; when nothing waits any more the run is done.
import { listConnectorFiles } from '../../../../generated/react-query/connectors/connectors';
import type { ConnectorFile, ConnectorFilePage, ConnectorFileStatus } from '../../../../generated/react-query/model';
import type { ConnectorPickerArgs } from './connectors-args';

export const PICK_REFRESH_MS = [1_000, 5_000] as const;
export const SYNC_POLL_MS = 5_000;
export const WAITING_STATUSES: ConnectorFileStatus[] = ['RECEIVED', 'QUEUED', 'RATE_LIMITED', 'SYNCING', 'EVALUATING_RESYNC'];
const PAGE = 1000;

export type SyncProgressState = { total: number; pending: number; errors: number; done: { synced: number; errors: number } | null };

type Listener = (next: SyncProgressState, previous: SyncProgressState) => void;

/** A pick's run: what it holds, as the connector files list says. */
export function createSyncProgress() {
  let state: SyncProgressState = { total: 0, pending: 0, errors: 0, done: null };
  const listeners = new Set<Listener>();
  return {
    get: () => state,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(next: SyncProgressState) {
      const previous = state;
      state = next;
      for (const l of listeners) l(state, previous);
    },
  };
}
export type SyncProgress = ReturnType<typeof createSyncProgress>;

/** The counts of the files seen so far; done when nothing of the connector waits any more. */
export function progressOf(files: Map<string, ConnectorFileStatus>, anythingWaiting: boolean): SyncProgressState {
  const statuses = [...files.values()];
  const errors = statuses.filter((s) => s === 'SYNC_ERROR').length;
  const pending = statuses.filter((s) => WAITING_STATUSES.includes(s)).length;
  if (!anythingWaiting && pending === 0) return { total: 0, pending: 0, errors: 0, done: { synced: statuses.length - errors, errors } };
  return { total: files.size, pending, errors, done: null };
}

type Pick = { name: string; repository: ConnectorPickerArgs['repository']; picked: ConnectorFile[] };

/** One look at the connector files: the run's files and their states, and whether anything of the connector waits. */
export async function lookAt(pick: Pick, files: Map<string, ConnectorFileStatus>) {
  const list = async (filters: Record<string, unknown>) =>
    ((await listConnectorFiles({ file_repository_info: pick.repository, filters, pagination: { page_size: PAGE } })).data as ConnectorFilePage).files;
  const folders = pick.picked.filter((f) => f.type === 'FOLDER').map((f) => f.uuid);
  const uuids = [...new Set([...files.keys(), ...pick.picked.filter((f) => f.type === 'FILE').map((f) => f.uuid)])];
  const [waiting, known, under] = await Promise.all([
    list({ connection_types: [pick.name], status: WAITING_STATUSES }),
    // Without uuids the filter would be no filter at all.
    uuids.length ? list({ uuids }) : Promise.resolve([]),
    folders.length ? list({ parent_uuids: folders, file_types: ['FILE'] }) : Promise.resolve([]),
  ]);
  const next = new Map(files);
  const ofPick = new Set([...known, ...under].map((f) => f.uuid));
  for (const f of [...known, ...under, ...waiting])
    if (f.type === 'FILE' && (ofPick.has(f.uuid) || WAITING_STATUSES.includes(f.status))) next.set(f.uuid, f.status);
  return { files: next, anythingWaiting: waiting.length > 0 };
}
