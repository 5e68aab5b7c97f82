// The upload flow of seed 001 §4 for one repository: refuses a repository that takes no uploads,
// screens the chosen files, then runs the batch loop with optimistic rows that come back out on
// error and a refetch of the repository when it settles. Per-file states feed the modal's list.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useSession } from '../../../platform/session';
import { toast, TOAST_DURATION } from '../../../platform/toasts';
import { addOptimisticFiles, refreshRepository, restoreSnapshot, type CacheSnapshot } from '../file-cache';
import type { RepositoryRef } from '../file-keys';
import { uploadInBatches, type FileUploadState, type UploadItem, type UploadOutcome } from './upload-flow';
import { uploadProgress, type UploadProgress } from './upload-progress';
import { canUploadTo, screenFiles } from './upload-rules';
import { UPLOAD_TEXT } from './upload-texts';
import { showUploadToast } from './upload-toast';

export type UploadOptions = {
  /** Dropped rather than picked: directory entries (empty content type) are skipped. */
  dropped?: boolean;
};

let nextId = 0;
/** Wraps chosen files with ids, so two files of one name keep their own state. */
export const toUploadItems = (files: readonly File[]): UploadItem[] => files.map((file) => ({ id: `upload-${++nextId}`, file }));

/** Toasts a refusal for each file that may not go; returns those that may. */
export function screenWithToasts(files: readonly File[], opts: UploadOptions = {}): File[] {
  const { accepted, refused } = screenFiles(files, { dropped: !!opts.dropped });
  for (const r of refused) toast.error(r.message, { duration: TOAST_DURATION.long });
  return accepted;
}

export function useUploadFiles(repository: RepositoryRef, opts: { progress?: UploadProgress } = {}) {
  const progress = opts.progress ?? uploadProgress;
  const qc = useQueryClient();
  const { user } = useSession();
  const [states, setStates] = useState<Record<string, FileUploadState>>({});

  const mutation = useMutation<UploadOutcome, Error, UploadItem[]>({
    mutationFn: async (items) => {
      const snapshots: CacheSnapshot[] = [];
      try {
        return await uploadInBatches(repository, items, {
          progress,
          uploadedBy: user?.email ?? '',
          effects: {
            fileState: (item, state) => setStates((s) => ({ ...s, [item.id]: state })),
            optimistic: (rows) => snapshots.push(addOptimisticFiles(qc, repository, rows)),
            error: (title, detail) => toast.error(title, { description: detail && detail !== title ? detail : undefined, duration: TOAST_DURATION.long }),
            limit: (messages) => {
              for (const m of new Set(messages)) toast.error(m, { duration: TOAST_DURATION.sticky });
            },
          },
        });
      } catch (e) {
        // Oldest last: the lists end as they were before the upload.
        for (const snapshot of snapshots.reverse()) restoreSnapshot(qc, snapshot);
        throw e;
      }
    },
    onSettled: () => refreshRepository(qc, repository),
  });
  const { mutateAsync } = mutation;

  /** Uploads what may go; resolves to the outcome, or null when nothing went. Failures are toasted, never thrown. */
  const upload = useCallback(
    async (files: readonly File[] | readonly UploadItem[], uploadOpts: UploadOptions = {}): Promise<UploadOutcome | null> => {
      if (!canUploadTo(repository)) {
        toast.error(UPLOAD_TEXT.notAllowed, { duration: TOAST_DURATION.normal });
        return null;
      }
      const items = files.map((f) => (f instanceof File ? toUploadItems([f])[0]! : f));
      const allowed = new Set(
        screenWithToasts(
          items.map((i) => i.file),
          uploadOpts,
        ),
      );
      const going = items.filter((i) => allowed.has(i.file));
      if (!going.length) return null;
      progress.start(going.length);
      showUploadToast(qc, progress);
      return mutateAsync(going).catch(() => null);
    },
    [repository, qc, progress, mutateAsync],
  );

  return { upload, states, isUploading: mutation.isPending };
}
