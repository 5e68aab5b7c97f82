// Retrying failed files: resyncFiles puts them back to PROCESSING (spec/paths/files.yaml), then the
// repository refetches, so they move to the processing group and polling starts.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resyncFiles } from '../../../../generated/react-query/files/files';
import { problemMessage } from '../../platform/problem';
import { toast, TOAST_DURATION } from '../../platform/toasts';
import { refreshRepository } from './file-cache';
import type { RepositoryRef } from './file-keys';
import { repositoryInfo } from './file-queries';
import { retryFileCall } from './use-delete-files';

/** Seed 001 §8. */
export const RESYNC_FAILED = 'Failed to resync connector files';

export function useResyncFiles(repo: RepositoryRef) {
  const qc = useQueryClient();
  const mutation = useMutation<unknown, unknown, string[] | 'failed'>({
    mutationFn: (which) => resyncFiles({ file_repository_info: repositoryInfo(repo), filters: which === 'failed' ? { status: ['FAILED'] } : { uuids: which } }),
    retry: retryFileCall,
    onError: (error) => toast.error(problemMessage(error, RESYNC_FAILED), { duration: TOAST_DURATION.normal }),
    onSettled: () => refreshRepository(qc, repo),
  });
  return { retry: (fileUuids: string[]) => mutation.mutate(fileUuids), retryAllFailed: () => mutation.mutate('failed'), isPending: mutation.isPending };
}
