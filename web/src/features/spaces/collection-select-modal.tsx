// "Add to Space" (or move to another one): the Spaces where the user can add threads. Choosing
// one moves the thread there (the thread shows its new Space at once, and its old one on
// failure); the current Space offers "Remove from Space"; "Create a Space" makes a new Space
// with the thread in it.
import { useQueryClient } from '@tanstack/react-query';
import { Check, Loader2, Plus } from '../../ui/icons';
import { useListUserCollections, useRemoveCollectionEntry, useUpsertCollectionEntry } from '../../../../generated/react-query/collections/collections';
import type { Collection, CollectionList, UpsertEntryResponse } from '../../../../generated/react-query/model';
import { canEditSources } from '../../../../services/spaces/pure';
import { useModals } from '../../platform/modals/context';
import type { ModalProps } from '../../platform/modals/types';
import { problemMessage } from '../../platform/problem';
import { toast, TOAST_DURATION } from '../../platform/toasts';
import { ModalTitle } from '../../ui/modal-parts';
import { invalidateSpaces } from './space-cache';
import { SpaceIcon } from './space-icon';
import type { CollectionSelectArgs } from './space-modal-args';
import { invalidateSpaceThreads } from './space-queries';
import { invalidateThreadViews, restoreThreads, setCachedThreadSpace, type ThreadCacheSnapshot } from './thread-space-cache';

/** One page holds every Space a person realistically has; the list is for choosing, not browsing. */
const SPACES_PAGE = { limit: 100 } as const;

export default function CollectionSelectModal({ args, close }: ModalProps<CollectionSelectArgs>) {
  const qc = useQueryClient();
  const modals = useModals();
  const list = useListUserCollections(SPACES_PAGE, { query: { select: (r) => (r.data as CollectionList).collections } });
  const writable = (list.data ?? []).filter((c) => canEditSources(c.user_permission) || c.uuid === args.currentCollectionUuid);
  const current = writable.find((c) => c.uuid === args.currentCollectionUuid);

  const refresh = () => Promise.all([invalidateThreadViews(qc), invalidateSpaces(qc), invalidateSpaceThreads(qc)]);
  const onFailure = (fallback: string) => (error: unknown, _v: unknown, context: { snapshot: ThreadCacheSnapshot } | undefined) => {
    restoreThreads(qc, context?.snapshot);
    toast.error(problemMessage(error, fallback), { duration: TOAST_DURATION.normal });
  };
  const add = useUpsertCollectionEntry<unknown, { snapshot: ThreadCacheSnapshot }>({
    mutation: {
      onMutate: async ({ data }) => {
        const space = writable.find((c) => c.uuid === data.new_collection_uuid);
        return {
          snapshot: await setCachedThreadSpace(
            qc,
            data.entry_uuid,
            space ? { uuid: space.uuid, slug: space.slug, title: space.title, emoji: space.emoji } : null,
          ),
        };
      },
      onError: onFailure('Could not add the thread to the Space'),
      onSuccess: (res, { data }) => {
        const title =
          (res.data as UpsertEntryResponse).updated_collection?.title ?? writable.find((c) => c.uuid === data.new_collection_uuid)?.title ?? 'the Space';
        toast.success(`Added to ${title}`, { duration: TOAST_DURATION.short });
        close();
      },
      onSettled: refresh,
    },
  });
  const remove = useRemoveCollectionEntry<unknown, { snapshot: ThreadCacheSnapshot }>({
    mutation: {
      onMutate: async ({ params }) => ({ snapshot: await setCachedThreadSpace(qc, params.entry_uuid, null) }),
      onError: onFailure('Could not remove the thread from the Space'),
      onSuccess: () => {
        toast.success(`Removed from ${current?.title ?? 'the Space'}`, { duration: TOAST_DURATION.short });
        close();
      },
      onSettled: refresh,
    },
  });
  const busy = add.isPending || remove.isPending;

  const choose = (space: Collection) => {
    if (busy || space.uuid === args.currentCollectionUuid) return;
    add.mutate({
      data: { entry_uuid: args.entryUuid, new_collection_uuid: space.uuid, return_collection: true, ...(args.articleMode ? { article_mode: true } : {}) },
    });
  };
  const createSpace = () => {
    close();
    modals.open('spaceCreate', { entryUuid: args.entryUuid });
  };

  return (
    <div className="flex flex-col gap-4">
      <ModalTitle>{args.currentCollectionUuid ? 'Move to a Space' : 'Add to a Space'}</ModalTitle>
      {list.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-neutral-500">
          <Loader2 aria-hidden className="size-4 animate-spin" /> Loading your Spaces…
        </p>
      ) : list.isError ? (
        <p role="alert" className="text-sm text-neutral-600 dark:text-neutral-400">
          {problemMessage(list.error, 'Could not load your Spaces.')}
        </p>
      ) : writable.length === 0 ? (
        <p className="text-sm text-neutral-600 dark:text-neutral-400">You have no Spaces you can add threads to yet.</p>
      ) : (
        <ul aria-label="Your Spaces" className="-mx-2 flex max-h-80 flex-col gap-0.5 overflow-y-auto">
          {writable.map((space) => {
            const isCurrent = space.uuid === args.currentCollectionUuid;
            return (
              <li key={space.uuid} className="flex items-center gap-2 rounded-xl px-2 py-1.5 hover:bg-neutral-50 dark:hover:bg-neutral-800/60">
                <button
                  type="button"
                  disabled={busy || isCurrent}
                  aria-current={isCurrent || undefined}
                  onClick={() => choose(space)}
                  className="flex min-w-0 flex-1 items-center gap-3 text-left disabled:cursor-default"
                >
                  <SpaceIcon emoji={space.emoji} className="text-lg" />
                  <span className="min-w-0 flex-1 truncate text-sm font-medium">{space.title}</span>
                  {isCurrent && (
                    <span className="inline-flex items-center gap-1 text-xs text-teal-700 dark:text-teal-400">
                      <Check aria-hidden className="size-3.5" /> Current
                    </span>
                  )}
                </button>
                {isCurrent && (
                  <button
                    type="button"
                    className="btn-ghost !py-1 text-xs"
                    disabled={busy}
                    onClick={() => remove.mutate({ params: { entry_uuid: args.entryUuid, collection_uuid: space.uuid } })}
                  >
                    Remove from Space
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <button type="button" className="btn-secondary self-start !py-1.5" onClick={createSpace}>
        <Plus aria-hidden className="size-4" /> Create a Space
      </button>
    </div>
  );
}
