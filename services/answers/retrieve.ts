// Retrieval: ask each source the search mode allows, top-k each, web results first. A web search
// that fails is said so in `notes`, never hidden. Web search that is off (no SEARXNG_URL) is no
// note: it would open every answer; the ask box says it once (GET /rest/server/features). The
// passage index is searched over the corpora the asker may read (readable.ts), keeping the
// passages they may read at their source (their principals); `help` mode keeps to the user guide.
// With a page reader (web-pages/), the web results' pages are read while the index is searched,
// and a web search says what it is doing through `status` (searching, reading, writing).
import type { AnswerStatus, SearchMode } from '../threads/index.js';
import { HELP_CORPUS } from '../passages/index.js';
import { corporaSearched, searchesPassages, searchesWeb, TOP_K, webSearchFailedNote } from './decide.js';
import type { PassageIndex } from './passages.js';
import type { Passage, SourceAdapter } from './types.js';
import { PAGES_READ, type PageReader } from './web-pages/read-pages.js';

export type Retrieval = { passages: Passage[]; notes: string[] };
/** `pages`: reads the web results' pages (web-pages/), while the passage index is searched. */
export type Sources = { passages: PassageIndex; web: SourceAdapter | null; pages?: PageReader | null };

/**
 * `opts.web: false`: a Space that keeps to its own sources; `auto` then searches no web.
 * `opts.asked`: the question as asked, when `question` is its follow-up form (follow-up.ts).
 */
export async function retrieve(
  question: string,
  mode: SearchMode,
  sources: Sources,
  readable: readonly string[] = [HELP_CORPUS],
  opts: { web: boolean; principals?: readonly string[]; asked?: string; status?: (status: AnswerStatus) => void } = { web: true },
): Promise<Retrieval> {
  const corpora = corporaSearched(mode, readable);
  const notes: string[] = [];
  let web: Passage[] = [];
  const pages = sources.pages;
  // A web search is the wait worth saying: the others take milliseconds.
  const searching = searchesWeb(mode, opts.web) && !!sources.web;
  if (searching) opts.status?.(SEARCHING);
  if (searching && sources.web)
    web = await sources.web.search(question, pages ? PAGES_READ : TOP_K).catch(() => {
      notes.push(webSearchFailedNote(corpora));
      return [];
    });
  const snippets = web;
  const reading = pages && web.length ? pages.read(question, web).catch(() => snippets) : null;
  if (reading) opts.status?.(readingStatus(Math.min(web.length, PAGES_READ)));
  const found = searchesPassages(mode, web.length) ? await sources.passages.search(question, TOP_K, corpora, opts.principals ?? [], opts.asked) : [];
  if (reading) web = await reading;
  if (searching) opts.status?.(WRITING);
  return { passages: [...web, ...found], notes };
}

const SEARCHING: AnswerStatus = { step: 'searching', text: 'Searching the web' };
const WRITING: AnswerStatus = { step: 'writing', text: 'Writing the answer' };
export const readingStatus = (n: number): AnswerStatus => ({ step: 'reading', text: `Reading ${n} ${n === 1 ? 'source' : 'sources'}`, sources_read: n });
