// Deleting a Space: it leaves the cached list at once and comes back on failure with "Failed to
// delete collection"; once deleted the app goes to /spaces. Its threads stay in their owners'
// libraries (the server takes them out of the Space).
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useDeleteCollection } from '../../../../generated/react-query/collections/collections';
import { toast, TOAST_DURATION } from '../../platform/toasts';
import { forgetSpace, invalidateSpaceLists, removeCachedSpace, restoreSpaces, snapshotSpaces, type SpaceCacheSnapshot } from './space-cache';

export const DELETE_FAILED = 'Failed to delete collection';

export function useDeleteSpace({ onDeleted }: { onDeleted?: () => void } = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useDeleteCollection<unknown, { snapshot: SpaceCacheSnapshot }>({
    mutation: {
      onMutate: async ({ collectionUuid }) => {
        const snapshot = await snapshotSpaces(queryClient);
        removeCachedSpace(queryClient, collectionUuid);
        return { snapshot };
      },
      onError: (_error, _vars, context) => {
        restoreSpaces(queryClient, context?.snapshot);
        toast.error(DELETE_FAILED, { duration: TOAST_DURATION.normal });
      },
      onSuccess: async (_response, { collectionUuid }) => {
        onDeleted?.();
        await navigate('/spaces');
        forgetSpace(queryClient, collectionUuid);
      },
      onSettled: () => invalidateSpaceLists(queryClient),
    },
  });
  return {
    deleteSpace: (collectionUuid: string) => mutation.mutate({ collectionUuid }),
    isPending: mutation.isPending,
  };
}
