// One section of an article: its question as heading, the cited markdown answer and its sources
// (put first when the section emphasizes them). A pending section without text is a skeleton.
import { AlertCircle, Layers } from '../../ui/icons';
import type { ArticleEntry } from '../../../../generated/react-query/model';
import { AnswerMarkdown } from '../search/answer-markdown';
import { SourceCards } from '../sources/source-cards';
import { isPending } from './in-flight';

function Skeleton() {
  return (
    <div role="status" aria-label="Writing this section" className="flex flex-col gap-2">
      <div className="h-3.5 w-11/12 animate-pulse rounded bg-neutral-100 dark:bg-neutral-900" />
      <div className="h-3.5 w-4/5 animate-pulse rounded bg-neutral-100 dark:bg-neutral-900" />
      <div className="h-3.5 w-2/3 animate-pulse rounded bg-neutral-100 dark:bg-neutral-900" />
    </div>
  );
}

function Sources({ section }: { section: ArticleEntry }) {
  if (section.web_results.length === 0) return null;
  return (
    <section aria-label="Sources section" className="flex flex-col gap-2">
      <h3 className="flex items-center gap-2 text-sm font-medium text-neutral-600 dark:text-neutral-400">
        <Layers className="size-4" /> Sources
      </h3>
      <SourceCards sources={section.web_results} />
    </section>
  );
}

/** `streaming`: the section being written right now (the first pending one with a backend_uuid). */
export function ArticleSection({ section, streaming = false }: { section: ArticleEntry; streaming?: boolean }) {
  const pending = isPending(section);
  const emphasize = section.article_info.emphasize_sources;
  return (
    <article aria-label={section.query_str} aria-busy={streaming || undefined} data-status={section.status} className="flex flex-col gap-4">
      <h2 className="text-xl font-semibold leading-snug tracking-tight text-neutral-900 dark:text-neutral-50">{section.query_str}</h2>
      {featured(section)}
      {emphasize && <Sources section={section} />}
      <section aria-label="Answer" className="flex flex-col gap-2">
        {section.answer ? <AnswerMarkdown text={section.answer} sources={section.web_results} /> : pending ? <Skeleton /> : null}
        {pending && section.answer && <Skeleton />}
        {section.status === 'failed' && (
          <p
            role="alert"
            className="flex items-center gap-2 rounded-xl border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-200"
          >
            <AlertCircle className="size-4 shrink-0" /> This section could not be written.
          </p>
        )}
        {section.status === 'stopped' && <p className="text-sm text-neutral-500 dark:text-neutral-400">Stopped.</p>}
      </section>
      {!emphasize && <Sources section={section} />}
    </article>
  );
}

function featured(section: ArticleEntry) {
  const image = section.featured_images[0];
  if (!image) return null;
  return <img src={image.image} alt="" className="max-h-80 w-full rounded-2xl object-cover" loading="lazy" />;
}
