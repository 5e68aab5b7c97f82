// The article view and bookmarks over the mock threads (mocks/threads.ts state): getArticle
// shows a thread as sections, upsert/remove entry toggle the signed-in user's bookmark by the
// server's bookmark rules (services/bookmarks/decide.ts), kept on the thread so it survives a
// reload of `make dev-mocks`. Reading follows the server's read rule (mocks/threads.ts); with a
// Space they move the thread in or out of it (mocks/spaces.ts, on the server's space rules).
import type { RequestHandler } from 'msw';
import {
  getForkArticleMockHandler,
  getGetArticleMockHandler,
  getLikeArticleMockHandler,
  getRecordArticleViewMockHandler,
  getUnlikeArticleMockHandler,
} from '../generated/msw/articles/articles.msw';
import { getRemoveCollectionEntryMockHandler, getUpsertCollectionEntryMockHandler } from '../generated/msw/collections/collections.msw';
import type { Article, ArticleEntry, ArticleSocialInfo, BookmarkState, CollectionRef, UpsertEntryRequest } from '../generated/react-query/model';
import { decideBookmark, decideUnbookmark } from '../services/bookmarks/pure';
import type { BookmarksState } from '../services/bookmarks/events';
import { canEditSources } from '../services/spaces/pure';
import { problem } from './problem';
import type { SpaceStore } from './spaces';
import type { MockEntry, MockThread } from './threads';

/** The mock's article signals, kept on the thread: who bookmarked and liked it, who viewed it, and the thread a fork was copied from. */
type BookmarkedThread = MockThread & { bookmarked_by?: string[]; liked_by?: string[]; viewers?: string[]; forked_from?: string | null };
/** `existing` and `readable`: the thread of a key, or the server's 404 (and 403 thread_private), from mocks/threads.ts. */
type Options = {
  threads: () => MockThread[];
  user: () => string | null;
  changed: () => void;
  spaces: SpaceStore;
  existing: (key: string) => MockThread;
  readable: (key: string) => MockThread;
};

export const MOCK_BOOKMARKS: CollectionRef = { uuid: null, title: 'Bookmarks', emoji: '1f516', slug: null, access: 1, user_permission: 6 };

const bookmarkState = (t: BookmarkedThread, user: string | null): BookmarkState => (user && t.bookmarked_by?.includes(user) ? 'BOOKMARKED' : 'NOT_BOOKMARKED');

const plain = (md: string) =>
  md
    .split('\n')
    .filter((l) => !l.trim().startsWith('|'))
    .map((l) => l.replace(/^\s*[-*#>]+\s*/, ''))
    .join(' ')
    .replace(/\[\d+\]/g, '')
    .replace(/[*`]/g, '')
    .replace(/(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/gu, '')
    .replace(/\s+/g, ' ')
    .replace(/\s+([.,;:!?])/g, '$1')
    .trim();

/** The server's social info (services/articles/social.ts): forks, likes, viewers (each once), and whether the caller likes it. */
const socialOf = (t: BookmarkedThread, all: BookmarkedThread[], user: string | null): ArticleSocialInfo => ({
  fork_count: all.filter((x) => x.forked_from === t.context_uuid).length,
  like_count: t.liked_by?.length ?? 0,
  view_count: t.viewers?.length ?? 0,
  user_likes: !!user && !!t.liked_by?.includes(user),
});

function section(t: BookmarkedThread, e: MockEntry, i: number, user: string | null, spaces: SpaceStore, social: ArticleSocialInfo): ArticleEntry {
  const text = plain(e.answer);
  const sentences = text.match(/[^.!?]+[.!?]*/g) ?? [];
  const words = text.split(' ').filter(Boolean).length;
  return {
    status: e.status,
    backend_uuid: e.backend_uuid,
    frontend_context_uuid: t.frontend_context_uuid,
    thread_url_slug: t.thread_url_slug,
    query_str: e.query_str,
    answer: e.answer,
    article_info: {
      title: i === 0 ? t.title : e.query_str,
      summary: sentences.slice(0, 2).join(' ').trim().slice(0, 280),
      suggested_sections: e.related_questions,
      audience: 'anyone',
      read_time: Math.ceil(words / 200),
      emphasize_sources: e.sources.length >= 3,
      layout: 'text',
      user_selected_media_items: [],
    },
    should_index: t.thread_access === 'public read',
    social_info: social,
    media_items: [],
    featured_images: [],
    web_results: e.sources,
    collection_info: spaces.info(t.collection_uuid),
    bookmark_state: bookmarkState(t, user),
    thread_access: t.thread_access,
  };
}

export function articleHandlers(opts: Options): RequestHandler[] {
  const existing = (key: string) => opts.existing(key) as BookmarkedThread;
  /** A user's Bookmarks collection as the server's bookmark rules see it (services/bookmarks/decide.ts). */
  const bookmarksOf = (user: string): BookmarksState => ({
    bookmarked: new Set((opts.threads() as BookmarkedThread[]).filter((t) => t.bookmarked_by?.includes(user)).map((t) => t.context_uuid)),
  });
  const readable = (key: string) => opts.readable(key) as BookmarkedThread;
  const signedIn = () => {
    const user = opts.user();
    if (!user) throw problem(401, 'login_required', 'Sign in to bookmark answers.');
    return user;
  };
  return [
    getGetArticleMockHandler(({ params }): Article => {
      const t = readable(String(params.articleUuidOrSlug));
      const social = socialOf(t, opts.threads(), opts.user());
      return { status: 'success', entries: t.entries.map((e, i) => section(t, e, i, opts.user(), opts.spaces, social)) };
    }),
    ...socialHandlers(opts, readable),
    getUpsertCollectionEntryMockHandler(async ({ request }) => {
      const body = (await request.json()) as UpsertEntryRequest;
      if (body.new_collection_uuid) {
        // The Space's checks come first, then the thread's (services/threads/space-moves.ts).
        const { user } = opts.spaces.signedIn();
        const space = opts.spaces.get(body.new_collection_uuid);
        if (!canEditSources(opts.spaces.levelOf(space))) throw problem(403, 'not_space_writer', 'Only writers of this Space can add threads to it.');
        const t = readable(body.entry_uuid);
        const updated_collection = opts.spaces.moveIn(t, space.uuid, !!body.article_mode);
        return { bookmark_state: bookmarkState(t, user.id), updated_collection };
      }
      const user = signedIn();
      if (body.upsert_type !== 'bookmark') throw problem(400, 'missing_target', 'Say where to add the thread: upsert_type "bookmark" or new_collection_uuid.');
      const t = readable(body.entry_uuid);
      for (const e of decideBookmark(bookmarksOf(user), { user_id: user, context_uuid: t.context_uuid, now: new Date() }))
        t.bookmarked_by = [...(t.bookmarked_by ?? []), e.data.user_id];
      opts.changed();
      return { bookmark_state: 'BOOKMARKED', updated_collection: MOCK_BOOKMARKS };
    }),
    getRemoveCollectionEntryMockHandler(async ({ request }) => {
      const url = new URL(request.url);
      const spaceUuid = url.searchParams.get('collection_uuid');
      if (spaceUuid) {
        const { user } = opts.spaces.signedIn();
        const space = opts.spaces.get(spaceUuid);
        const t = existing(url.searchParams.get('entry_uuid') ?? '');
        return { bookmark_state: bookmarkState(t, user.id), updated_collection: opts.spaces.takeOut(t, space.uuid) };
      }
      const user = signedIn();
      // Taking one's own bookmark away needs no read access: the thread may have turned private since.
      const t = existing(url.searchParams.get('entry_uuid') ?? '');
      for (const e of decideUnbookmark(bookmarksOf(user), { user_id: user, context_uuid: t.context_uuid, now: new Date() }))
        t.bookmarked_by = (t.bookmarked_by ?? []).filter((u) => u !== e.data.user_id);
      opts.changed();
      return { bookmark_state: 'NOT_BOOKMARKED', updated_collection: MOCK_BOOKMARKS };
    }),
  ];
}

/** Like, view and fork by the server's rules (services/articles, services/threads/fork.ts). */
function socialHandlers(opts: Options, readable: (key: string) => BookmarkedThread): RequestHandler[] {
  const signedIn = (detail: string) => {
    const user = opts.user();
    if (!user) throw problem(401, 'login_required', detail);
    return user;
  };
  const liked = (key: string, like: boolean) => {
    const user = signedIn('Sign in to like this page.');
    const t = readable(key);
    const others = (t.liked_by ?? []).filter((u) => u !== user);
    t.liked_by = like ? [...others, user] : others;
    opts.changed();
    return socialOf(t, opts.threads(), user);
  };
  return [
    getLikeArticleMockHandler(({ params }) => liked(String(params.articleUuidOrSlug), true)),
    getUnlikeArticleMockHandler(({ params }) => liked(String(params.articleUuidOrSlug), false)),
    getRecordArticleViewMockHandler(({ params }) => {
      const t = readable(String(params.articleUuidOrSlug));
      const user = opts.user();
      const viewer = user ?? 'visitor';
      if (t.owner !== user && !t.viewers?.includes(viewer)) t.viewers = [...(t.viewers ?? []), viewer];
      opts.changed();
      return socialOf(t, opts.threads(), user);
    }),
    getForkArticleMockHandler(({ params }) => {
      const user = signedIn('Sign in to make your own copy of this thread.');
      const t = readable(String(params.articleUuidOrSlug));
      const finished = t.entries.filter((e) => e.status === 'completed');
      if (!finished.length) throw problem(409, 'nothing_to_fork', 'This thread has no finished answer to copy yet.');
      const id = crypto.randomUUID();
      const copy: BookmarkedThread = {
        ...structuredClone(t),
        context_uuid: id,
        thread_url_slug: `${t.thread_url_slug.replace(/-[^-]*$/, '')}-${id.slice(0, 8)}`,
        owner: user,
        thread_access: 'private read',
        collection_uuid: null,
        readers: [],
        access_requests: [],
        bookmarked_by: [],
        liked_by: [],
        viewers: [],
        forked_from: t.context_uuid,
        entries: structuredClone(finished).map((e) => ({ ...e, backend_uuid: crypto.randomUUID() })),
      };
      opts.threads().push(copy);
      opts.changed();
      return { context_uuid: id, thread_url_slug: copy.thread_url_slug };
    }),
  ];
}
