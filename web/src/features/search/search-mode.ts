// The search mode a new question is asked in: the one chosen in the ask box, which starts as the
// account's default search mode (account > preferences), else auto.
import type { SearchMode } from '../../../../generated/react-query/model';

export const SEARCH_MODES: readonly SearchMode[] = ['auto', 'web', 'help'];

export const searchModeOf = (preferred: string | null): SearchMode => (SEARCH_MODES.includes(preferred as SearchMode) ? (preferred as SearchMode) : 'auto');
