// Retrieval: ask each source the search mode allows, top-k each, web results first. A source
// that is off or failing is said so in `notes`, never hidden.
import type { SearchMode } from '../threads/events.js';
import type { Passage, SourceAdapter } from './types.js';

export const TOP_K = 5;
export const WEB_SEARCH_OFF = 'Web search is off on this server, so this answer uses the built-in user guide only.';
export const WEB_SEARCH_FAILED = 'Web search failed just now, so this answer uses the built-in user guide only.';

export type Retrieval = { passages: Passage[]; notes: string[] };

export async function retrieve(question: string, mode: SearchMode, sources: { help: SourceAdapter; web: SourceAdapter | null }): Promise<Retrieval> {
  const notes: string[] = [];
  let web: Passage[] = [];
  if (mode !== 'help') {
    if (!sources.web) notes.push(WEB_SEARCH_OFF);
    else web = await sources.web.search(question, TOP_K).catch(() => (notes.push(WEB_SEARCH_FAILED), []));
  }
  // `web` mode still falls back to the guide when web search gives nothing.
  const help = mode === 'web' && web.length ? [] : await sources.help.search(question, TOP_K);
  return { passages: [...web, ...help], notes };
}
