// Retrieval: ask each source the search mode allows, top-k each, web results first. A web search
// that fails is said so in `notes`, never hidden. Web search that is off (no SEARXNG_URL) is no
// note: it would open every answer; the ask box says it once (GET /rest/server/features). The
// passage index is searched over the corpora the asker may read (readable.ts); `help` mode keeps
// to the user guide.
import type { SearchMode } from '../threads/index.js';
import { HELP_CORPUS } from '../passages/index.js';
import type { PassageIndex } from './passages.js';
import type { Passage, SourceAdapter } from './types.js';

export const TOP_K = 5;
export const WEB_SEARCH_FAILED = 'Web search failed just now, so this answer uses the built-in user guide only.';
// The same note when the asker's own passages were searched too, so the note stays true.
export const WEB_SEARCH_FAILED_LOCAL = 'Web search failed just now, so this answer uses your own sources and the built-in user guide only.';

export type Retrieval = { passages: Passage[]; notes: string[] };
export type Sources = { passages: PassageIndex; web: SourceAdapter | null };

/** `opts.web: false`: a Space that keeps to its own sources; `auto` then searches no web. */
export async function retrieve(
  question: string,
  mode: SearchMode,
  sources: Sources,
  readable: readonly string[] = [HELP_CORPUS],
  opts: { web: boolean } = { web: true },
): Promise<Retrieval> {
  const corpora = mode === 'help' ? [HELP_CORPUS] : readable;
  const local = corpora.some((c) => c !== HELP_CORPUS);
  const notes: string[] = [];
  let web: Passage[] = [];
  if (mode === 'web' || (mode === 'auto' && opts.web)) {
    if (sources.web)
      web = await sources.web.search(question, TOP_K).catch(() => {
        notes.push(local ? WEB_SEARCH_FAILED_LOCAL : WEB_SEARCH_FAILED);
        return [];
      });
  }
  // `web` mode still falls back to the passages when web search gives nothing.
  const found = mode === 'web' && web.length ? [] : await sources.passages.search(question, TOP_K, corpora);
  return { passages: [...web, ...found], notes };
}
