// A thread entering and leaving a Space (seed 000 §4, seed 003 §4): the owner moves their thread;
// for an Enterprise owner the access follows (access-rules.ts); leaving resets collection read.
import { threadErrors } from './errors.js';
import { accessAfterAddToSpace, accessAfterRemoveFromSpace } from './access-rules.js';
import type { ActorFacts } from '../shared/actor.js';
import { isOwner } from './decide.js';
import type { ThreadAccess, ThreadAccessChanged, ThreadAddedToSpace, ThreadRemovedFromSpace, ThreadState } from './events.js';

type SpaceMoveEvent = ThreadAddedToSpace | ThreadRemovedFromSpace | ThreadAccessChanged;

function existing(state: ThreadState) {
  if (!state.started) throw threadErrors.threadNotFound();
  return state.started;
}

function accessEvent(state: ThreadState, next: ThreadAccess, by: string, at: string): ThreadAccessChanged[] {
  const current = state.thread_access!;
  if (next === current) return [];
  return [
    {
      type: 'ThreadAccessChanged',
      data: { context_uuid: state.started!.context_uuid, thread_access: next, previous_access: current, changed_by: by, changed_at: at },
    },
  ];
}

export type AddToSpace = { viewer: ActorFacts & { user_id: string }; collection_uuid: string; enterprise: boolean; articleMode: boolean; now: Date };

/** Moves the owner's thread into the Space, out of the one it was in; the same Space changes nothing. */
export function decideAddToSpace(state: ThreadState, cmd: AddToSpace): SpaceMoveEvent[] {
  const thread = existing(state);
  if (!isOwner(thread, cmd.viewer)) throw threadErrors.notOwnerToAddToSpace();
  if (state.collection_uuid === cmd.collection_uuid) return [];
  const at = cmd.now.toISOString();
  const by = cmd.viewer.user_id;
  const events: SpaceMoveEvent[] = [];
  let access = state.thread_access!;
  if (state.collection_uuid) {
    events.push({
      type: 'ThreadRemovedFromSpace',
      data: { context_uuid: thread.context_uuid, collection_uuid: state.collection_uuid, removed_by: by, removed_at: at },
    });
    access = accessAfterRemoveFromSpace(access);
  }
  events.push({ type: 'ThreadAddedToSpace', data: { context_uuid: thread.context_uuid, collection_uuid: cmd.collection_uuid, added_by: by, added_at: at } });
  return [...events, ...accessEvent(state, accessAfterAddToSpace(access, { enterprise: cmd.enterprise, articleMode: cmd.articleMode }), by, at)];
}

/**
 * Takes the thread out of the Space: its owner, or whoever runs the Space (`spaceAdmin`).
 * Not in that Space: nothing changes. Collection read becomes private read.
 */
export function decideRemoveFromSpace(
  state: ThreadState,
  cmd: { viewer: ActorFacts & { user_id: string }; collection_uuid: string; spaceAdmin: boolean; now: Date },
): SpaceMoveEvent[] {
  const thread = existing(state);
  if (!isOwner(thread, cmd.viewer) && !cmd.spaceAdmin) throw threadErrors.notOwnerToTakeOut();
  if (state.collection_uuid !== cmd.collection_uuid) return [];
  const at = cmd.now.toISOString();
  const by = cmd.viewer.user_id;
  return [
    { type: 'ThreadRemovedFromSpace', data: { context_uuid: thread.context_uuid, collection_uuid: cmd.collection_uuid, removed_by: by, removed_at: at } },
    ...accessEvent(state, accessAfterRemoveFromSpace(state.thread_access!), by, at),
  ];
}
