// /spaces: the Bookmarks card, the user's Spaces (owned, joined and invitations) with a page more
// at a time, "Create a Space", and the templates a new Space can start from.
import { useQueries } from '@tanstack/react-query';
import { LayoutGrid, LogIn, Plus } from '../../ui/icons';
import { useState } from 'react';
import { Link } from 'react-router';
import { getListUserCollectionsQueryOptions } from '../../../../generated/react-query/collections/collections';
import type { CollectionList } from '../../../../generated/react-query/model';
import { useModals } from '../../platform/modals/context';
import { useSession } from '../../platform/session';
import { CARD, SpaceCard } from './space-card';
import { BOOKMARKS_EMOJI } from './space-emoji';
import { SpaceIcon } from './space-icon';
import { SpaceTemplates } from './space-template-cards';

export const SPACES_PAGE_SIZE = 24;
export const LOGIN_ORIGIN = 'spaces';

/** The loaded pages of the user's Spaces, SPACES_PAGE_SIZE at a time by offset. */
function useSpacePages(enabled: boolean) {
  const [pages, setPages] = useState(1);
  const results = useQueries({
    queries: Array.from({ length: pages }, (_, i) => ({
      ...getListUserCollectionsQueryOptions({ limit: SPACES_PAGE_SIZE, offset: i * SPACES_PAGE_SIZE }),
      enabled,
      select: (r: { data: unknown }) => r.data as CollectionList,
    })),
  });
  const spaces = results.flatMap((r) => r.data?.collections ?? []);
  // Uuids once: a Space changed meanwhile may move from one page to the next.
  const unique = spaces.filter((s, i) => spaces.findIndex((x) => x.uuid === s.uuid) === i);
  const total = results.at(-1)?.data?.total ?? 0;
  return {
    spaces: unique,
    loading: results[0]!.isPending,
    failed: results[0]!.isError,
    loadingMore: results.length > 1 && results.at(-1)!.isPending,
    hasMore: !!results.at(-1)?.data && pages * SPACES_PAGE_SIZE < total,
    loadMore: () => setPages((p) => p + 1),
  };
}

export default function SpacesPage() {
  const { user, isLoading } = useSession();
  const modals = useModals();
  if (isLoading) return <div role="status" aria-label="Loading Spaces" className="mx-auto h-40 w-full max-w-4xl animate-pulse px-4 py-10" />;
  if (!user) {
    return (
      <div className="mx-auto flex min-h-[60dvh] w-full max-w-md flex-col items-center justify-center gap-3 px-4 text-center">
        <div className="grid size-12 place-items-center rounded-full bg-neutral-100 text-neutral-600 dark:bg-neutral-900 dark:text-neutral-300">
          <LayoutGrid className="size-5" />
        </div>
        <h1 className="text-xl font-semibold tracking-tight">Sign in to use Spaces</h1>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          Spaces keep threads, instructions, files and links together, and can be shared with others.
        </p>
        <button type="button" className="btn-primary mt-2" onClick={() => modals.open('login', { origin: LOGIN_ORIGIN, title: 'Sign in to use Spaces' })}>
          <LogIn className="size-4" /> Sign in
        </button>
      </div>
    );
  }
  return <SignedInSpaces />;
}

function SignedInSpaces() {
  const modals = useModals();
  const { spaces, loading, failed, loadingMore, hasMore, loadMore } = useSpacePages(true);
  const create = () => modals.open('spaceCreate', {});

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-8 px-4 py-10">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
          <LayoutGrid className="size-6" /> Spaces
        </h1>
        <button type="button" className="btn-primary" onClick={create}>
          <Plus className="size-4" /> Create a Space
        </button>
      </header>

      <section aria-label="Your Spaces" className="flex flex-col gap-4">
        <ul aria-label="Spaces" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <li>
            <Link
              to="/library?tab=bookmarks"
              className={`${CARD} hover:border-neutral-300 hover:bg-neutral-50 dark:hover:border-neutral-700 dark:hover:bg-neutral-900`}
            >
              <SpaceIcon emoji={BOOKMARKS_EMOJI} className="text-2xl leading-none" />
              <span className="font-medium">Bookmarks</span>
              <span className="text-sm text-neutral-600 dark:text-neutral-400">Threads you bookmarked</span>
            </Link>
          </li>
          {spaces.map((s) => (
            <li key={s.uuid}>
              <SpaceCard space={s} />
            </li>
          ))}
          {loading && [0, 1].map((i) => <li key={i} aria-hidden className="h-32 animate-pulse rounded-2xl bg-neutral-100 dark:bg-neutral-900" />)}
        </ul>
        {failed ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            Your Spaces could not be loaded. Try again in a moment.
          </p>
        ) : (
          !loading &&
          spaces.length === 0 && (
            <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-neutral-200 px-6 py-10 text-center dark:border-neutral-800">
              <p className="font-medium">No Spaces yet</p>
              <p className="text-sm text-neutral-600 dark:text-neutral-400">Create a Space to keep threads together with instructions, files and links.</p>
              <div className="mt-1 flex flex-wrap justify-center gap-2">
                <button type="button" className="btn-secondary" onClick={create}>
                  <Plus className="size-4" /> Create a Space
                </button>
                <button type="button" className="btn-ghost" onClick={() => modals.open('spaceVideo')}>
                  How Spaces work
                </button>
              </div>
            </div>
          )
        )}
        {hasMore && (
          <button type="button" className="btn-secondary self-center" disabled={loadingMore} onClick={loadMore}>
            {loadingMore ? 'Loading…' : 'Load more'}
          </button>
        )}
      </section>

      <SpaceTemplates onChoose={(templateId) => modals.open('spaceCreate', { templateId })} />
    </div>
  );
}
