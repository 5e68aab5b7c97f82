// A thread's entries as article sections (seed 003 §3 "Article entry"). Pure: rows in, the
// spec's ArticleEntry out.

export const WORDS_PER_MINUTE = 200;
export const SUMMARY_MAX_CHARS = 280;
/** A section with at least this many sources puts them forward. */
export const EMPHASIZE_SOURCES_FROM = 3;

type Source = { url: string; name: string; snippet: string; meta_data?: Record<string, unknown> };

export type SectionRow = {
  backend_uuid: string;
  query_str: string;
  status: 'pending' | 'completed' | 'failed' | 'stopped';
  answer: string;
  sources: unknown[];
  related_questions: string[];
};

export type ArticleThread = {
  thread_url_slug: string;
  frontend_context_uuid: string | null;
  title: string;
  thread_access: 'owner-only' | 'private read' | 'collection read' | 'org read' | 'public read';
};

/** The answer as plain prose: no citation markers, tables, code or markdown punctuation. */
export function plainText(markdown: string) {
  return (
    markdown
      .replace(/```[\s\S]*?(```|$)/g, ' ')
      .split('\n')
      .filter((line) => !/^\s*\|/.test(line))
      .join('\n')
      .replace(/\[\d{1,3}\]/g, '')
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
      .replace(/[*`~]+/g, '')
      // Underscores as emphasis only: LLM_BASE_URL keeps its own.
      .replace(/(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/gu, '')
      .replace(/\s+/g, ' ')
      .replace(/\s+([.,;:!?])/g, '$1')
      .trim()
  );
}

/** The first sentence(s) of the answer, whole sentences up to 280 characters. */
export function summaryOf(answer: string) {
  const text = plainText(answer);
  const sentences =
    text
      .match(/[^.!?]+(?:[.!?]+|$)/g)
      ?.map((s) => s.trim())
      .filter(Boolean) ?? [];
  let summary = '';
  for (const sentence of sentences) {
    const next = summary ? `${summary} ${sentence}` : sentence;
    if (next.length > SUMMARY_MAX_CHARS) break;
    summary = next;
  }
  // A first sentence longer than the limit is cut at a word.
  if (!summary && sentences[0]) summary = `${sentences[0].slice(0, SUMMARY_MAX_CHARS - 1).replace(/\s+\S*$/, '')}…`;
  return summary;
}

/** Minutes at 200 words a minute, rounded up; at least 1 when there is any text. */
export function readTimeOf(answer: string) {
  const words = plainText(answer).split(/\s+/).filter(Boolean).length;
  return Math.ceil(words / WORDS_PER_MINUTE);
}

/** Seed 003 §4: a thread counts as published when it is public read. */
export const isPublished = (thread: ArticleThread) => thread.thread_access === 'public read';

const IMAGE_URL = /\.(png|jpe?g|gif|webp|avif|svg)(\?.*)?$/i;
const imagesOf = (sources: Source[]) => sources.filter((s) => IMAGE_URL.test(s.url));

/** What every section of one article shares: the reader's bookmark, the article's social info and its Space. */
export type ArticleShared = {
  bookmarkState: 'BOOKMARKED' | 'NOT_BOOKMARKED';
  social: { fork_count: number; like_count: number; view_count: number; user_likes: boolean };
  collectionInfo: { uuid: string; slug: string; title: string; emoji: string } | null;
};

export function articleSection(thread: ArticleThread, entry: SectionRow, index: number, shared: ArticleShared) {
  const sources = entry.sources as Source[];
  const images = imagesOf(sources);
  return {
    status: entry.status,
    backend_uuid: entry.backend_uuid,
    frontend_context_uuid: thread.frontend_context_uuid,
    thread_url_slug: thread.thread_url_slug,
    query_str: entry.query_str,
    answer: entry.answer,
    article_info: {
      title: index === 0 ? thread.title : entry.query_str,
      summary: summaryOf(entry.answer),
      suggested_sections: entry.related_questions,
      audience: 'anyone',
      read_time: readTimeOf(entry.answer),
      emphasize_sources: sources.length >= EMPHASIZE_SOURCES_FROM,
      layout: 'text',
      user_selected_media_items: [],
    },
    should_index: isPublished(thread),
    social_info: shared.social,
    media_items: images.map((s) => ({ medium: 'image' as const, url: s.url, name: s.name, source_url: s.url })),
    featured_images: images.map((s) => ({ medium: 'image' as const, image: s.url })),
    web_results: sources,
    collection_info: shared.collectionInfo,
    bookmark_state: shared.bookmarkState,
    thread_access: thread.thread_access,
  };
}
