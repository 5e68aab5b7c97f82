// The search mode a new question is asked in: the one chosen in the ask box, which starts as the
// account's default search mode (account > preferences), else auto. `web` is offered only where
// the server searches the web (GET /rest/server/features); elsewhere it is shown disabled with
// the reason, and a preference for it asks in `auto`.
import type { SearchMode } from '../../../../generated/react-query/model';

export const SEARCH_MODES: readonly SearchMode[] = ['auto', 'web', 'help'];

/** Said once, beside the ask box, where the server has no web search (never in each answer). */
export const WEB_SEARCH_OFF_NOTE = 'Web search is off on this server: answers use your own sources and the built-in user guide.';
/** Why the Web mode is disabled. */
export const WEB_MODE_OFF = 'Web search is off on this server';

export type SearchModeChoice = { mode: SearchMode; label: string; disabledReason: string | null };

const LABELS: Record<SearchMode, string> = { auto: 'Auto', web: 'Web', help: 'Help' };

/** The modes of the ask box; `webSearch` false (or not known yet) disables Web with its reason. */
export function searchModeChoices(webSearch: boolean): SearchModeChoice[] {
  return SEARCH_MODES.map((mode) => ({
    mode,
    label: mode === 'web' && !webSearch ? `${LABELS.web} (off on this server)` : LABELS[mode],
    disabledReason: mode === 'web' && !webSearch ? WEB_MODE_OFF : null,
  }));
}

export const searchModeOf = (preferred: string | null, webSearch = true): SearchMode => {
  const mode = SEARCH_MODES.includes(preferred as SearchMode) ? (preferred as SearchMode) : 'auto';
  return mode === 'web' && !webSearch ? 'auto' : mode;
};

/** What a Space's ask box says it searches: the web only where the Space asks for it and the server has it. */
export function spaceAskScope(webByDefault: boolean, webSearch: boolean): string {
  if (webByDefault && webSearch) return 'Searches the web and this Space';
  if (webByDefault) return "Uses this Space's links and files: web search is off on this server";
  return "Uses this Space's links and files only";
}
