// The sync toast of a pick (seed 001 §2): the upload toast's look and words, 'Syncing N files' with
// the percent complete and the errors while the pick's files sync, then 'N files synced' and 'Ready
// to search', when every file list is refetched. Looked at 1 s and 5 s after the pick, then every
// 5 s while anything of the connector is syncing or queued.
import type { QueryClient } from '@tanstack/react-query';
import type { ConnectorFile, ConnectorFileStatus } from '../../../../generated/react-query/model';
import { toast, TOAST_DURATION } from '../../platform/toasts';
import { UploadToast } from '../files/upload/upload-toast';
import type { ConnectorPickerArgs } from './connectors-args';
import { createSyncProgress, lookAt, PICK_REFRESH_MS, progressOf, SYNC_POLL_MS } from './connector-sync-progress';

export const CONNECTOR_SYNC_TOAST_ID = 'connector-sync';

export function trackConnectorSync(client: QueryClient, pick: { name: string; repository: ConnectorPickerArgs['repository']; picked: ConnectorFile[] }) {
  const progress = createSyncProgress();
  const pickedFiles = pick.picked.filter((f) => f.type === 'FILE').length || pick.picked.length;
  progress.set({ total: pickedFiles, pending: pickedFiles, errors: 0, done: null });
  toast.custom(() => <UploadToast progress={progress} />, { id: CONNECTOR_SYNC_TOAST_ID, duration: Number.POSITIVE_INFINITY, unstyled: true });
  let files = new Map<string, ConnectorFileStatus>();
  const delays = [PICK_REFRESH_MS[0], PICK_REFRESH_MS[1] - PICK_REFRESH_MS[0]];
  const look = async () => {
    try {
      const seen = await lookAt(pick, files);
      files = seen.files;
      const state = progressOf(files, seen.anythingWaiting);
      progress.set(state);
      if (state.done) {
        void client.invalidateQueries({
          predicate: (q) => q.queryKey[0] === 'files' || String(q.queryKey[0]).startsWith('/rest/connectors/files/list'),
        });
        setTimeout(() => toast.dismiss(CONNECTOR_SYNC_TOAST_ID), TOAST_DURATION.long);
        return;
      }
    } catch {
      // A look that failed is tried again at the next one.
    }
    setTimeout(() => void look(), delays.shift() ?? SYNC_POLL_MS);
  };
  setTimeout(() => void look(), delays.shift());
  return progress;
}
