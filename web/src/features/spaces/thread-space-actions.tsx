// On a thread (or its article view): the chip naming the Space it is in, and the owner's
// "Add to Space" / "Move" action. Signed-out owners are asked to sign in first.
import { FolderInput, FolderPlus } from '../../ui/icons';
import { Link } from 'react-router';
import type { CollectionInfo, Thread } from '../../../../generated/react-query/model';
import { useGetThread } from '../../../../generated/react-query/threads/threads';
import { useModals } from '../../platform/modals/context';
import { useSession } from '../../platform/session';
import { SpaceIcon } from './space-icon';

export function SpaceChip({ info }: { info: CollectionInfo }) {
  return (
    <Link
      to={`/spaces/${encodeURIComponent(info.slug)}`}
      aria-label={`In Space ${info.title}`}
      className="inline-flex max-w-[14rem] items-center gap-1.5 rounded-full border border-neutral-200 px-2.5 py-1 text-xs font-medium text-neutral-700 transition-colors hover:bg-neutral-100 dark:border-neutral-800 dark:text-neutral-200 dark:hover:bg-neutral-900"
    >
      <SpaceIcon emoji={info.emoji} className="text-sm" />
      <span className="truncate">{info.title}</span>
    </Link>
  );
}

export function AddToSpaceButton({ entryUuid, current, articleMode }: { entryUuid: string; current: CollectionInfo | null; articleMode?: boolean }) {
  const { user } = useSession();
  const modals = useModals();
  const open = () => {
    if (!user) {
      modals.open('login', { origin: 'add-to-space', title: 'Sign in to organise answers in Spaces' });
      return;
    }
    modals.open('collectionSelect', { entryUuid, currentCollectionUuid: current?.uuid ?? null, ...(articleMode ? { articleMode } : {}) });
  };
  const Icon = current ? FolderInput : FolderPlus;
  return (
    <button type="button" className="btn-ghost !py-1.5 text-sm" onClick={open}>
      <Icon aria-hidden className="size-4" /> <span className="hidden sm:inline">{current ? 'Move' : 'Add to Space'}</span>
      <span className="sr-only sm:hidden">{current ? 'Move' : 'Add to Space'}</span>
    </button>
  );
}

/** The article view's version: the article does not say who owns it, the thread does. */
export function ArticleSpaceActions({ slug, entryUuid, current }: { slug: string; entryUuid: string; current: CollectionInfo | null }) {
  const { user } = useSession();
  const thread = useGetThread(slug, { query: { select: (r) => r.data as Thread, enabled: !!user } });
  return (
    <>
      {current && <SpaceChip info={current} />}
      {thread.data?.is_owner && <AddToSpaceButton entryUuid={entryUuid} current={current} articleMode />}
    </>
  );
}
