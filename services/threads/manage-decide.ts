// Rules of renaming and deleting a thread: only its owner may (an anonymous visitor too, for the
// threads they asked); a title is 1 to MAX_TITLE_LENGTH characters after trimming; a deleted
// thread is gone for every rule (evolveThread forgets it). Pure: the clock comes in the command.
import type { ActorFacts } from '../shared/actor.js';
import { isOwner } from './decide.js';
import { threadErrors } from './errors.js';
import type { ThreadDeleted, ThreadRemovedFromSpace, ThreadRenamed, ThreadState } from './events.js';

/** The longest title: the same as a Space's, and as a title made from a long first question. */
export const MAX_TITLE_LENGTH = 100;

// Control characters (NUL among them) have no place in a one-line title.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters refused are control characters
const CONTROL = /[\u0000-\u001f\u007f]/;

export function normalizeTitle(title: string) {
  const t = title.trim();
  if (!t) throw threadErrors.titleRequired();
  if (t.length > MAX_TITLE_LENGTH) throw threadErrors.titleTooLong(MAX_TITLE_LENGTH);
  if (CONTROL.test(t)) throw threadErrors.titleInvalid();
  return t;
}

function ownedThread(state: ThreadState, viewer: ActorFacts, action: string) {
  const thread = state.started;
  if (!thread) throw threadErrors.threadNotFound();
  if (!isOwner(thread, viewer)) throw threadErrors.notOwnerTo(action);
  return thread;
}

export type RenameCommand = { viewer: ActorFacts; title: string; now: Date };

/** Renaming to the current title writes nothing. */
export function decideRename(state: ThreadState, cmd: RenameCommand): ThreadRenamed[] {
  const thread = ownedThread(state, cmd.viewer, 'rename it');
  const title = normalizeTitle(cmd.title);
  if (title === thread.title) return [];
  return [
    {
      type: 'ThreadRenamed',
      data: { context_uuid: thread.context_uuid, title, previous_title: thread.title, renamed_by: cmd.viewer.user_id, renamed_at: cmd.now.toISOString() },
    },
  ];
}

/** A thread in a Space leaves it first, so the Space's count follows from events it already reads. */
export function decideDelete(state: ThreadState, cmd: { viewer: ActorFacts; now: Date }): (ThreadRemovedFromSpace | ThreadDeleted)[] {
  const thread = ownedThread(state, cmd.viewer, 'delete it');
  const at = cmd.now.toISOString();
  const deleted: ThreadDeleted = { type: 'ThreadDeleted', data: { context_uuid: thread.context_uuid, deleted_by: cmd.viewer.user_id, deleted_at: at } };
  if (!state.collection_uuid) return [deleted];
  return [
    {
      type: 'ThreadRemovedFromSpace',
      // Only a signed-in owner can have put it there, so a signed-in owner takes it out.
      data: { context_uuid: thread.context_uuid, collection_uuid: state.collection_uuid, removed_by: cmd.viewer.user_id ?? '', removed_at: at },
    },
    deleted,
  ];
}
