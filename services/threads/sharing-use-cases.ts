// Sharing use cases: read the thread's stream, decide, append with the expected version.
import type { EventStore } from '../eventstore/store.js';
import type { Viewer } from './decide.js';
import {
  decideAccessAnswer,
  decideAccessChange,
  decideAccessRequest,
  decideExpiryRemoval,
  decideSourcesRemoval,
  type AccessChange,
  type AccessRequestCommand,
} from './sharing-decide.js';
import { decideAndAppend } from './use-cases.js';

export const changeAccess = (store: EventStore, contextUuid: string, cmd: AccessChange) =>
  decideAndAppend(store, contextUuid, (state) => {
    const events = decideAccessChange(state, cmd);
    return { events, result: { changed: events.length > 0 } };
  });

export const removeExpiry = (store: EventStore, contextUuid: string, viewer: Viewer, now: Date) =>
  decideAndAppend(store, contextUuid, (state) => ({ events: decideExpiryRemoval(state, viewer, now), result: undefined }));

export const requestAccess = (store: EventStore, contextUuid: string, cmd: AccessRequestCommand) =>
  decideAndAppend(store, contextUuid, (state) => {
    const { events, request_id } = decideAccessRequest(state, cmd);
    return { events, result: { request_id } };
  });

export const answerAccessRequest = (store: EventStore, contextUuid: string, cmd: { viewer: Viewer; request_id: string; grant: boolean; now: Date }) =>
  decideAndAppend(store, contextUuid, (state) => ({ events: decideAccessAnswer(state, cmd), result: undefined }));

export const removeSources = (store: EventStore, contextUuid: string, cmd: { viewer: Viewer; backend_uuid: string; urls: string[]; now: Date }) =>
  decideAndAppend(store, contextUuid, (state) => ({ events: decideSourcesRemoval(state, cmd), result: undefined }));
