import type { SourceData } from '../threads/events.js';

/** A piece of text an answer may cite, from any source adapter. */
export type Passage = {
  url: string;
  title: string;
  /** The section within the document, or '' for a whole web result. */
  heading: string;
  content: string;
  domain: string;
  published_date: string | null;
};

/** Every source (help corpus, web search, later files and Spaces) answers the same question. */
export type SourceAdapter = { name: string; search: (query: string, k: number) => Promise<Passage[]> };

export function toSource(p: Passage): SourceData {
  return {
    url: p.url,
    name: p.heading ? `${p.title}: ${p.heading}` : p.title,
    snippet: p.content.length > 300 ? `${p.content.slice(0, 297)}...` : p.content,
    meta_data: { domain_name: p.domain, published_date: p.published_date },
  };
}
