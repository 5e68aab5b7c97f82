// Pure rules of answering: what a question searches (its search mode, the asker's organisation's
// web rule, the Space it is asked in), how many passages a source gives, and the notes that open
// an answer when something asked for cannot be done. retrieve.ts and generate.ts act on them.
import { HELP_CORPUS, spaceCorpus } from '../passages/index.js';
import type { SearchMode } from '../threads/index.js';

/** Passages each source gives an answer. */
export const TOP_K = 5;

export const WEB_SEARCH_FAILED = 'Web search failed just now, so this answer uses the built-in user guide only.';
// The same note when the asker's own passages were searched too, so the note stays true.
export const WEB_SEARCH_FAILED_LOCAL = 'Web search failed just now, so this answer uses your own sources and the built-in user guide only.';
export const INSTRUCTIONS_NOT_FOLLOWED =
  "The offline answer model cannot follow this Space's instructions; configure an answer model (LLM_BASE_URL) to use them.";
/** What the offline model says when the asker wants answers in a language it cannot write. */
export const languageNotFollowed = (language: string) =>
  `The offline answer model quotes its sources as they are and cannot answer in ${language}; configure an answer model (LLM_BASE_URL) for that.`;

/** A member without web search gets no web results in any mode: `web` is searched as `auto`. */
export const searchModeOf = (asked: SearchMode, webAllowed: boolean): SearchMode => (asked === 'web' && !webAllowed ? 'auto' : asked);

/** A question in a Space searches the Space's corpus first, then what the asker may read. */
export const corporaAsked = (readable: readonly string[], space: { uuid: string } | null) => (space ? [spaceCorpus(space.uuid), ...readable] : [...readable]);

/** `help` keeps to the user guide; every other mode searches the corpora the asker may read. */
export const corporaSearched = (mode: SearchMode, readable: readonly string[]) => (mode === 'help' ? [HELP_CORPUS] : readable);

/** `web` searches the web; `auto` too unless the place asked in keeps to its own sources (`webHere: false`). */
export const searchesWeb = (mode: SearchMode, webHere: boolean) => mode === 'web' || (mode === 'auto' && webHere);

/** `web` mode falls back to the passages only when the web gave nothing. */
export const searchesPassages = (mode: SearchMode, webFound: number) => !(mode === 'web' && webFound > 0);

/** What a failed web search says, true to what was searched instead. */
export const webSearchFailedNote = (corpora: readonly string[]) => (corpora.some((c) => c !== HELP_CORPUS) ? WEB_SEARCH_FAILED_LOCAL : WEB_SEARCH_FAILED);

/** Said when no source is about the question but web search, on for the asker, was not searched. */
export const NOTHING_RELEVANT_TRY_WEB = 'Nothing in the sources searched is about this question. Ask again with web search to look for it on the web.';

/** The note for an answer with no source about its question: the web offered when it is on and was not searched. */
export function nothingRelevantNotes(found: number, at: { mode: SearchMode; webHere: boolean; webConfigured: boolean }): string[] {
  return found === 0 && at.webConfigured && !searchesWeb(at.mode, at.webHere) ? [NOTHING_RELEVANT_TRY_WEB] : [];
}

/** The asker's memories are looked up for their own questions only: not in the user guide, nor in a Space's thread (read by its members). */
export const looksUpMemories = (mode: SearchMode, askerUserId: string | null, inSpace: boolean) => !!askerUserId && mode !== 'help' && !inSpace;

/** The notes for what a model that follows no instructions cannot do: a Space's instructions, the asker's answer language. */
export function modelNotes(followsInstructions: boolean, asked: { instructions: string | null; language: string | undefined }): string[] {
  if (followsInstructions) return [];
  return [...(asked.instructions ? [INSTRUCTIONS_NOT_FOLLOWED] : []), ...(asked.language ? [languageNotFollowed(asked.language)] : [])];
}
