// /page/{slug} and /discover/{slug}: a thread as an article (seed 003 §2 "Article (page) view"):
// title, read time and summary, a bookmark toggle, then one section per entry. Slug 'new' is a
// new article and fetches nothing. While a section is in flight the article is polled.
import { Clock, RotateCcw, SearchX } from '../../ui/icons';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { problemMessage } from '../../platform/problem';
import { PageMessage } from '../../ui/page-message';
import { RequestAccess } from '../sharing/request-access';
import { ArticleSection } from './article-section';
import { NEW_ARTICLE_SLUG, useArticle } from './article-query';
import { BookmarkButton } from './bookmark-button';
import { streamingSection } from './in-flight';
import { NewArticle } from './new-article';
import { SocialBar } from './social-bar';
import { useArticleSocial } from './use-article-social';
import { useBookmark } from './use-bookmark';
import { ArticleSpaceActions } from '../spaces/thread-space-actions';

function Article({ slug }: { slug: string }) {
  const query = useArticle(slug);
  const sections = query.data?.entries ?? [];
  const head = sections[0];
  const bookmark = useBookmark(slug, head?.backend_uuid, head?.bookmark_state);
  const social = useArticleSocial(slug, head?.social_info);

  const title = head?.article_info.title;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  if (query.isPending) {
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-3 px-4 py-10" role="status" aria-label="Loading page">
        <div className="h-8 w-2/3 animate-pulse rounded-lg bg-neutral-100 dark:bg-neutral-900" />
        <div className="h-4 w-1/3 animate-pulse rounded bg-neutral-100 dark:bg-neutral-900" />
      </div>
    );
  }
  const notFound = (
    <PageMessage
      icon={<SearchX className="size-5" />}
      title="Page not found"
      text="There is no page at this address. It may have been deleted or may have expired."
    />
  );
  if (query.isError) {
    const error = query.error;
    if (error.status === 403)
      return (
        <div className="mx-auto flex min-h-[60dvh] w-full max-w-md items-center justify-center px-4">
          <RequestAccess slug={slug} />
        </div>
      );
    if (error.status === 404) return notFound;
    return (
      <PageMessage
        icon={<SearchX className="size-5" />}
        title="Could not load this page"
        text={problemMessage(error)}
        action={
          <button type="button" className="btn-primary" onClick={() => void query.refetch()}>
            <RotateCcw className="size-4" /> Retry
          </button>
        }
      />
    );
  }
  if (!head) return notFound;

  const streaming = streamingSection(sections);
  const minutes = sections.reduce((sum, s) => sum + s.article_info.read_time, 0);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 pt-8 pb-16 sm:pt-12">
      <header className="flex flex-col gap-3 border-b border-neutral-100 pb-6 dark:border-neutral-900">
        <h1 className="text-3xl font-semibold leading-tight tracking-tight text-neutral-900 dark:text-neutral-50">{head.article_info.title}</h1>
        {head.article_info.summary && <p className="text-base text-neutral-600 dark:text-neutral-400">{head.article_info.summary}</p>}
        <div className="flex items-center gap-3 text-sm text-neutral-500 dark:text-neutral-400">
          {minutes > 0 && (
            <span className="inline-flex items-center gap-1.5">
              <Clock className="size-4" /> {minutes} min read
            </span>
          )}
          <SocialBar social={head.social_info} busy={social.busy} onLike={() => void social.toggleLike()} onFork={() => void social.fork()} />
          <span className="ml-auto flex items-center gap-2">
            <ArticleSpaceActions slug={head.thread_url_slug} entryUuid={head.backend_uuid} current={head.collection_info} />
            <BookmarkButton bookmarked={bookmark.bookmarked} busy={bookmark.busy} onToggle={bookmark.toggle} />
          </span>
        </div>
      </header>
      <div className="flex flex-col gap-10">
        {sections.map((section) => (
          <ArticleSection key={section.backend_uuid} section={section} streaming={section === streaming} />
        ))}
      </div>
    </div>
  );
}

export default function ArticlePage() {
  const { slug = '' } = useParams();
  if (slug === NEW_ARTICLE_SLUG) return <NewArticle />;
  // A new slug is a new article: no state carries over.
  return <Article key={slug} slug={slug} />;
}
