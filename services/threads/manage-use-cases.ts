// Renaming and deleting a thread: read its stream, decide, append with the expected version.
import type { EventStore } from '../eventstore/store.js';
import type { Viewer } from './decide.js';
import { decideDelete, decideRename, type RenameCommand } from './manage-decide.js';
import { decideAndAppend } from './use-cases.js';

export const renameThread = (store: EventStore, contextUuid: string, cmd: RenameCommand) =>
  decideAndAppend(store, contextUuid, (state) => ({ events: decideRename(state, cmd), result: undefined }));

export const deleteThread = (store: EventStore, contextUuid: string, cmd: { viewer: Viewer; now: Date }) =>
  decideAndAppend(store, contextUuid, (state) => ({ events: decideDelete(state, cmd), result: undefined }));
