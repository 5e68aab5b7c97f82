// Editing a Space (title, description, instructions, emoji, access, web search): applied to the
// cached Space and list at once, put back on failure with "Failed to edit collection".
import { useQueryClient } from '@tanstack/react-query';
import { useEditCollection } from '../../../../generated/react-query/collections/collections';
import type { Collection, CollectionEditRequest } from '../../../../generated/react-query/model';
import { toast, TOAST_DURATION } from '../../platform/toasts';
import { invalidateSpaces, patchCachedSpace, restoreSpaces, snapshotSpaces, type SpaceCacheSnapshot } from './space-cache';

export const EDIT_FAILED = 'Failed to edit collection';

export function useEditSpace() {
  const queryClient = useQueryClient();
  // Callbacks live on the mutation, not on mutate(), so they still run after the modal closes.
  const mutation = useEditCollection<unknown, { snapshot: SpaceCacheSnapshot }>({
    mutation: {
      onMutate: async ({ collectionUuid, data }) => {
        const snapshot = await snapshotSpaces(queryClient);
        patchCachedSpace(queryClient, collectionUuid, data as Partial<Collection>);
        return { snapshot };
      },
      onError: (_error, _vars, context) => {
        restoreSpaces(queryClient, context?.snapshot);
        toast.error(EDIT_FAILED, { duration: TOAST_DURATION.normal });
      },
      onSuccess: (response, { collectionUuid }) => patchCachedSpace(queryClient, collectionUuid, response.data as Collection),
      onSettled: () => invalidateSpaces(queryClient),
    },
  });
  return {
    /** Sends the changed fields of the Space with this uuid. */
    editSpace: (collectionUuid: string, data: CollectionEditRequest) => mutation.mutate({ collectionUuid, data }),
    isPending: mutation.isPending,
  };
}
