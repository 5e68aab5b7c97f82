// One card of the Spaces page: emoji, title, description, thread count and the caller's role.
// An invitation is not a link yet (invited people cannot read the Space) but has Accept.
import { useQueryClient } from '@tanstack/react-query';
import { Check } from '../../ui/icons';
import { Link, useNavigate } from 'react-router';
import { useAcceptCollectionInvite } from '../../../../generated/react-query/collections/collections';
import type { Collection } from '../../../../generated/react-query/model';
import { isInvited, isOwnerLevel } from '../../../../services/spaces/pure';
import { toast, TOAST_DURATION } from '../../platform/toasts';
import { cacheSpace, invalidateSpaceLists } from './space-cache';
import { SpaceIcon } from './space-icon';
import { roleLabel } from './space-roles';

export const ACCEPT_FAILED = 'Could not accept the invitation';
export const CARD = 'flex h-full flex-col gap-2 rounded-2xl border border-neutral-200 p-4 transition-colors dark:border-neutral-800';

const threadCount = (n: number) => (n === 1 ? '1 thread' : `${n} threads`);

function CardBody({ space, badge }: { space: Collection; badge: string | null }) {
  return (
    <>
      <span className="flex items-start justify-between gap-2">
        <SpaceIcon emoji={space.emoji} className="text-2xl leading-none" />
        {badge && (
          <span className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-medium text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300">
            {badge}
          </span>
        )}
      </span>
      <span className="font-medium text-neutral-900 dark:text-neutral-100">{space.title}</span>
      {space.description && <span className="line-clamp-2 text-sm text-neutral-600 dark:text-neutral-400">{space.description}</span>}
    </>
  );
}

export function SpaceCard({ space }: { space: Collection }) {
  const level = space.user_permission;
  if (isInvited(level)) return <InvitationCard space={space} />;
  return (
    <Link
      to={`/spaces/${encodeURIComponent(space.slug)}`}
      className={`${CARD} group hover:border-neutral-300 hover:bg-neutral-50 dark:hover:border-neutral-700 dark:hover:bg-neutral-900`}
    >
      <CardBody space={space} badge={isOwnerLevel(level) ? null : roleLabel(level) || null} />
      <span className="mt-auto text-xs text-neutral-500">{threadCount(space.thread_count)}</span>
    </Link>
  );
}

function InvitationCard({ space }: { space: Collection }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const accept = useAcceptCollectionInvite({
    mutation: {
      onSuccess: async (response) => {
        const joined = response.data as Collection;
        cacheSpace(queryClient, joined);
        void invalidateSpaceLists(queryClient);
        await navigate(`/spaces/${encodeURIComponent(joined.slug)}`);
      },
      onError: () => toast.error(ACCEPT_FAILED, { duration: TOAST_DURATION.normal }),
    },
  });
  return (
    <fieldset className={`${CARD} min-w-0 border-dashed`} aria-label={`Invitation to ${space.title}`}>
      <CardBody space={space} badge="Invited" />
      <span className="mt-auto flex items-center justify-between gap-2">
        <span className="text-xs text-neutral-500">{roleLabel(space.user_permission)}</span>
        <button type="button" className="btn-primary !px-3 !py-1" disabled={accept.isPending} onClick={() => accept.mutate({ collectionUuid: space.uuid })}>
          <Check className="size-4" /> Accept
        </button>
      </span>
    </fieldset>
  );
}
