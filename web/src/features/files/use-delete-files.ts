// Deleting files (seed 001 §4, §5, §8): refused up front with 'Unable to delete files.' where the
// repository type does not allow it; otherwise the rows leave every cached list at once, come
// back on error with 'Failed to delete file', and the repository refetches when it settles.
// Enterprise members also refresh every file list (seed: "an extra cache refresh on file changes").
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteRepositoryFiles } from '../../../../generated/react-query/files/files';
import { ApiError } from '../../platform/api-fetch';
import { useSession } from '../../platform/session';
import { toast, TOAST_DURATION } from '../../platform/toasts';
import { refreshRepository, removeFilesOptimistically, restoreSnapshot, type CacheSnapshot } from './file-cache';
import { filesRoot, repositoryKey, type RepositoryRef } from './file-keys';
import { repositoryInfo } from './file-queries';
import { canDeleteFrom } from './file-rules';
import { FILE_TEXT } from './file-texts';

/** Seed 001 §7: "one retry on file calls" — outages only; a refusal (4xx) is the answer. */
export const FILE_CALL_RETRIES = 1;
export const retryFileCall = (count: number, error: unknown) => !(error instanceof ApiError && error.status < 500) && count < FILE_CALL_RETRIES;

export function useDeleteFiles(repo: RepositoryRef) {
  const qc = useQueryClient();
  const { user } = useSession();
  const mutation = useMutation<unknown, unknown, string[], { snapshot: CacheSnapshot }>({
    mutationFn: (fileUuids) => deleteRepositoryFiles({ file_uuids: fileUuids, file_repository_info: repositoryInfo(repo) }),
    retry: retryFileCall,
    onMutate: async (fileUuids) => {
      // A poll landing now would bring the rows back before the server forgets them.
      await qc.cancelQueries({ queryKey: repositoryKey(repo) });
      return { snapshot: removeFilesOptimistically(qc, repo, fileUuids) };
    },
    onError: (_error, _uuids, context) => {
      if (context) restoreSnapshot(qc, context.snapshot);
      toast.error(FILE_TEXT.deleteFailed, { duration: TOAST_DURATION.normal });
    },
    onSettled: () => (user?.org_uuid ? qc.invalidateQueries({ queryKey: filesRoot }) : refreshRepository(qc, repo)),
  });
  return {
    deleteFiles: (fileUuids: string[]) => {
      if (!canDeleteFrom(repo)) {
        toast.error(FILE_TEXT.deleteNotAllowed, { duration: TOAST_DURATION.normal });
        return;
      }
      mutation.mutate(fileUuids);
    },
    isPending: mutation.isPending,
  };
}
