// The Space's header: emoji, title, description, the caller's role, and the actions the role
// allows (seed 000 §6): Context for everyone who can read, Settings for at-least-writers, and
// Accept invitation for an invited person.
import { useQueryClient } from '@tanstack/react-query';
import { Check, PanelRight, Settings, Upload } from '../../ui/icons';
import { useAcceptCollectionInvite } from '../../../../generated/react-query/collections/collections';
import type { Collection } from '../../../../generated/react-query/model';
import { spacePermission } from '../../../../services/spaces/pure';
import { useModals } from '../../platform/modals/context';
import { spaceRepository } from '../files/file-keys';
import { problemMessage } from '../../platform/problem';
import { toast, TOAST_DURATION } from '../../platform/toasts';
import { invalidateSpaceLists, patchCachedSpace } from './space-cache';
import { SpaceIcon } from './space-icon';
import { invalidateSpaceThreads } from './space-queries';
import { roleLabel } from './space-roles';

export function SpaceHeader({ slug, space }: { slug: string; space: Collection }) {
  const modals = useModals();
  const qc = useQueryClient();
  const permission = spacePermission(space.user_permission);
  const accept = useAcceptCollectionInvite({
    mutation: {
      onSuccess: (res) => {
        patchCachedSpace(qc, space.uuid, res.data as Collection);
        void invalidateSpaceLists(qc);
        void invalidateSpaceThreads(qc);
        toast.success(`You joined ${space.title}`, { duration: TOAST_DURATION.short });
      },
      onError: (error) => toast.error(problemMessage(error, 'Could not accept the invitation'), { duration: TOAST_DURATION.normal }),
    },
  });
  const role = roleLabel(space.user_permission);

  return (
    <header className="flex flex-col gap-4">
      <div className="flex items-start gap-3">
        <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-neutral-100 text-2xl dark:bg-neutral-900">
          <SpaceIcon emoji={space.emoji} className="text-2xl" />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h1 className="truncate text-2xl font-semibold tracking-tight">{space.title}</h1>
          {space.description && <p className="text-sm text-neutral-600 dark:text-neutral-400">{space.description}</p>}
          <p className="text-xs text-neutral-500 dark:text-neutral-400">
            {role && (
              <span className="mr-2 rounded-full bg-neutral-100 px-2 py-0.5 font-medium text-neutral-700 dark:bg-neutral-800 dark:text-neutral-200">
                {role}
              </span>
            )}
            by {space.owner.name} · {space.thread_count} {space.thread_count === 1 ? 'thread' : 'threads'}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {permission.invited && (
          <button type="button" className="btn-primary !py-1.5" disabled={accept.isPending} onClick={() => accept.mutate({ collectionUuid: space.uuid })}>
            <Check aria-hidden className="size-4" /> Accept invitation
          </button>
        )}
        <button type="button" className="btn-secondary !py-1.5" onClick={() => modals.open('spaceContext', { slug })}>
          <PanelRight aria-hidden className="size-4" /> Context
        </button>
        {permission.atLeastReader && (
          <button type="button" className="btn-secondary !py-1.5" onClick={() => modals.open('spaceUploadFiles', { repository: spaceRepository(space.uuid) })}>
            <Upload aria-hidden className="size-4" /> Upload files
          </button>
        )}
        {permission.atLeastWriter && (
          <button type="button" className="btn-secondary !py-1.5" onClick={() => modals.open('spaceSettings', { slug })}>
            <Settings aria-hidden className="size-4" /> Settings
          </button>
        )}
      </div>
    </header>
  );
}
