// Retrieval: ask each source the search mode allows, top-k each, web results first. A web search
// that fails is said so in `notes`, never hidden. Web search that is off (no SEARXNG_URL) is no
// note: it would open every answer; the ask box says it once (GET /rest/server/features). The
// passage index is searched over the corpora the asker may read (readable.ts), keeping the
// passages they may read at their source (their principals); `help` mode keeps to the user guide.
import type { SearchMode } from '../threads/index.js';
import { HELP_CORPUS } from '../passages/index.js';
import { corporaSearched, searchesPassages, searchesWeb, TOP_K, webSearchFailedNote } from './decide.js';
import type { PassageIndex } from './passages.js';
import type { Passage, SourceAdapter } from './types.js';

export type Retrieval = { passages: Passage[]; notes: string[] };
export type Sources = { passages: PassageIndex; web: SourceAdapter | null };

/**
 * `opts.web: false`: a Space that keeps to its own sources; `auto` then searches no web.
 * `opts.asked`: the question as asked, when `question` is its follow-up form (follow-up.ts).
 */
export async function retrieve(
  question: string,
  mode: SearchMode,
  sources: Sources,
  readable: readonly string[] = [HELP_CORPUS],
  opts: { web: boolean; principals?: readonly string[]; asked?: string } = { web: true },
): Promise<Retrieval> {
  const corpora = corporaSearched(mode, readable);
  const notes: string[] = [];
  let web: Passage[] = [];
  if (searchesWeb(mode, opts.web) && sources.web)
    web = await sources.web.search(question, TOP_K).catch(() => {
      notes.push(webSearchFailedNote(corpora));
      return [];
    });
  const found = searchesPassages(mode, web.length) ? await sources.passages.search(question, TOP_K, corpora, opts.principals ?? [], opts.asked) : [];
  return { passages: [...web, ...found], notes };
}
