// The article query (seed 003 §7 and §9): GET /rest/article/{article_uuid_or_slug} with a 3 s
// timeout and 1 retry; slug 'new' is never fetched; polled while a section is in flight. A
// failure, the timeout included, is an ApiError (§8 "An article fetch failure throws an API
// clients error").
import type { QueryClient } from '@tanstack/react-query';
import { getArticle, getGetArticleQueryKey, useGetArticle } from '../../../../generated/react-query/articles/articles';
import type { Article, ArticleSocialInfo, BookmarkState } from '../../../../generated/react-query/model';
import { ApiError } from '../../platform/api-fetch';
import { isInFlight } from './in-flight';

export const NEW_ARTICLE_SLUG = 'new';
export const ARTICLE_FETCH_TIMEOUT_MS = 3_000;
export const ARTICLE_FETCH_RETRIES = 1;
/** How often an article with a section in flight is fetched again. */
export const ARTICLE_POLL_MS = 1_500;

type Cached = Awaited<ReturnType<typeof getArticle>>;

const timedOut = () =>
  new ApiError({ type: 'about:blank', title: 'Request Timeout', status: 408, code: 'article_timeout', detail: 'The page took too long to load.' });

async function fetchArticle(slug: string, signal: AbortSignal): Promise<Cached> {
  const timeout = AbortSignal.timeout(ARTICLE_FETCH_TIMEOUT_MS);
  try {
    return await getArticle(slug, { signal: AbortSignal.any([signal, timeout]) });
  } catch (err) {
    if (timeout.aborted && !signal.aborted) throw timedOut();
    if (err instanceof ApiError || signal.aborted) throw err;
    throw new ApiError({ type: 'about:blank', title: 'Network Error', status: 0, code: 'network_error', detail: 'Could not reach the server.' });
  }
}

/** One retry, except for answers that another try would not change (private, not found). */
const retry = (count: number, error: unknown) =>
  count < ARTICLE_FETCH_RETRIES && !(error instanceof ApiError && (error.status === 403 || error.status === 404));

export const articleQueryKey = getGetArticleQueryKey;

export function useArticle(slug: string) {
  return useGetArticle<Article, ApiError>(slug, {
    query: {
      enabled: slug !== NEW_ARTICLE_SLUG,
      queryFn: ({ signal }) => fetchArticle(slug, signal),
      retry,
      select: (r) => r.data as Article,
      refetchInterval: (query) => (isInFlight((query.state.data?.data as Article | undefined)?.entries ?? []) ? ARTICLE_POLL_MS : false),
    },
  });
}

/** The cached article with every section's bookmark state set (the state is the thread's). */
export function setCachedBookmark(queryClient: QueryClient, slug: string, state: BookmarkState) {
  queryClient.setQueryData<Cached>(articleQueryKey(slug), (cached) => {
    if (cached?.status !== 200) return cached;
    return { ...cached, data: { ...cached.data, entries: cached.data.entries.map((e) => ({ ...e, bookmark_state: state })) } };
  });
}

/** The article's social info as the server answered it (a like, a view), on every cached section. */
export function setCachedSocial(queryClient: QueryClient, slug: string, social: ArticleSocialInfo) {
  queryClient.setQueryData<Cached>(articleQueryKey(slug), (cached) => {
    if (cached?.status !== 200) return cached;
    return { ...cached, data: { ...cached.data, entries: cached.data.entries.map((e) => ({ ...e, social_info: social })) } };
  });
}
