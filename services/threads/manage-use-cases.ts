// Renaming and deleting a thread: read its stream, decide, append with the expected version.
import type { EventStore } from '../eventstore/store.js';
import type { Actor } from '../shared/actor.js';
import { decideDelete, decideRename, type RenameCommand } from './manage-decide.js';
import { decideAndAppend } from './use-cases.js';

export async function renameThread(store: EventStore, contextUuid: string, actor: Actor, cmd: Omit<RenameCommand, 'viewer'>) {
  const viewer = await actor.facts();
  return decideAndAppend(store, contextUuid, (state) => ({ events: decideRename(state, { ...cmd, viewer }), result: undefined }));
}

export async function deleteThread(store: EventStore, contextUuid: string, actor: Actor, now: Date) {
  const viewer = await actor.facts();
  return decideAndAppend(store, contextUuid, (state) => ({ events: decideDelete(state, { viewer, now }), result: undefined }));
}
