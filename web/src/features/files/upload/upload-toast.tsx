// The upload progress toast (seed 001 §2, §4): 'Syncing N files' with the percent complete and the
// error count while a run lasts; 'N files synced' and 'Ready to search' once the total returns to
// 0, when every file list is refetched.
import type { QueryClient } from '@tanstack/react-query';
import { CheckCircle2, Loader2 } from '../../../ui/icons';
import { useSyncExternalStore } from 'react';
import { toast, TOAST_DURATION } from '../../../platform/toasts';
import { filesRoot } from '../file-keys';
import { errorCountText, syncedText, syncingText, UPLOAD_TEXT } from './upload-texts';
import { percentComplete, uploadProgress, type UploadProgress } from './upload-progress';

export const UPLOAD_TOAST_ID = 'upload-progress';
/** How long the done state stays before the toast goes. */
export const UPLOAD_DONE_TOAST_MS = TOAST_DURATION.long;

/** What the toast reads of a run: its counts, and word when they change (an upload's, or a connector sync's). */
export type ProgressSource = Pick<UploadProgress, 'get' | 'subscribe'>;

export function useUploadProgress(progress: ProgressSource = uploadProgress) {
  return useSyncExternalStore(progress.subscribe, progress.get, progress.get);
}

export function UploadToast({ progress = uploadProgress }: { progress?: ProgressSource }) {
  const s = useUploadProgress(progress);
  const running = s.total > 0;
  const percent = percentComplete(s);
  const errors = running ? s.errors : (s.done?.errors ?? 0);
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex w-[min(22rem,calc(100vw-2rem))] items-start gap-3 rounded-2xl border border-neutral-200 bg-white p-3 text-sm shadow-xl dark:border-neutral-800 dark:bg-neutral-950"
    >
      {running ? (
        <Loader2 aria-hidden className="mt-0.5 size-4 shrink-0 animate-spin text-neutral-500" />
      ) : (
        <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-teal-600" />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="font-medium text-neutral-900 dark:text-neutral-100">{running ? syncingText(s.total) : syncedText(s.done?.synced ?? 0)}</p>
        {running ? (
          <>
            <div
              role="progressbar"
              aria-label="Upload progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-1.5 overflow-hidden rounded-full bg-neutral-100 dark:bg-neutral-800"
            >
              <div className="h-full rounded-full bg-teal-600 transition-[width]" style={{ width: `${percent}%` }} />
            </div>
            <p className="text-xs text-neutral-500 dark:text-neutral-400">{percent}% complete</p>
          </>
        ) : (
          <p className="text-xs text-neutral-500 dark:text-neutral-400">{UPLOAD_TEXT.readyToSearch}</p>
        )}
        {errors > 0 && <p className="text-xs font-medium text-red-600 dark:text-red-400">{errorCountText(errors)}</p>}
      </div>
    </div>
  );
}

// One subscription per store; it refetches through the latest query client it was shown with.
const watchers = new WeakMap<UploadProgress, { qc: QueryClient }>();

/** Shows the toast (once) and, when the run ends, refetches the file lists and lets the toast go. */
export function showUploadToast(qc: QueryClient, progress: UploadProgress = uploadProgress) {
  toast.custom(() => <UploadToast progress={progress} />, { id: UPLOAD_TOAST_ID, duration: Infinity, unstyled: true });
  const watcher = watchers.get(progress);
  if (watcher) {
    watcher.qc = qc;
    return;
  }
  const w = { qc };
  watchers.set(progress, w);
  let timer: ReturnType<typeof setTimeout> | undefined;
  progress.subscribe((next, previous) => {
    if (next.total > 0) return clearTimeout(timer);
    if (previous.total === 0) return;
    void w.qc.invalidateQueries({ queryKey: filesRoot });
    // Nothing went (every file stopped by a limit): the limit's own toast says why.
    if (!next.done) toast.dismiss(UPLOAD_TOAST_ID);
    else timer = setTimeout(() => toast.dismiss(UPLOAD_TOAST_ID), UPLOAD_DONE_TOAST_MS);
  });
}
