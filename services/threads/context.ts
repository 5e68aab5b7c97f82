// What threads' handlers use beyond the kernel: ports that domains above threads implement and
// services/app wires, so threads never import them: the answer engine that answers their entries,
// the caller's bookmark of a thread (bookmarks), and whether a reader may see a connector's source
// (connectors).
import type { BookmarkState } from '../../generated/sdk/types.gen.js';
import type { KernelContext } from '../shared/context.js';
import type { AnswerEngine } from './answer-engine.js';
import type { SourceAccess } from './source-visibility.js';

export type BookmarkLookup = {
  /** BOOKMARKED or not for this user (NOT_BOOKMARKED when signed out). */
  stateOf: (userId: string | null, thread: { context_uuid: string; collection_uuid: string | null }) => Promise<BookmarkState>;
};

export type ThreadsContext = KernelContext & { answers: AnswerEngine; bookmarks: BookmarkLookup; sourceAccess: SourceAccess };
