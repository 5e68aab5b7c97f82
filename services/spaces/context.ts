// What Spaces' handlers use beyond the kernel: the threads in a Space. threads sits above spaces,
// so it implements this port (threads/space-moves.ts) and services/app wires it: spaces checks
// the Space, then hands the thread's part on, and never imports threads.
import type { BookmarkState, CollectionInfo, Thread, ThreadList } from '../../generated/sdk/types.gen.js';
import type { Actor as RequestActor } from '../shared/actor.js';
import type { KernelContext } from '../shared/context.js';

/** A thread checked to be movable by the caller (theirs, and readable), to move into a Space. */
export type ThreadMove = {
  /**
   * Moves it into the Space (out of the one it was in), the Space's rules already checked. With
   * `shownIn` (the Space as the thread's collection_info), the thread as it is now comes back too.
   */
  into(spaceUuid: string, opts: { articleMode: boolean; shownIn?: CollectionInfo }): Promise<{ bookmark_state: BookmarkState; thread?: Thread }>;
};

export type SpaceThreads = {
  /** The caller's own thread of `entryUuid`, readable: 404 unknown or expired, 403 thread_private or not_thread_owner. */
  movable(actor: RequestActor, entryUuid: string): Promise<ThreadMove>;
  /** Takes the thread out of the Space: its owner, or `spaceAdmin` (the Space's owner or admin). 404 unknown thread. */
  takeOut(actor: RequestActor, cmd: { entryUuid: string; spaceUuid: string; spaceAdmin: boolean }): Promise<{ bookmark_state: BookmarkState }>;
  /** The Space's threads the reader may read, newest change first, a page of them and how many. */
  page(spaceUuid: string, readerId: string | null, page: { limit: number; offset: number }): Promise<ThreadList>;
};

export type SpacesContext = KernelContext & { spaceThreads: SpaceThreads };
