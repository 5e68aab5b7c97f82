// Sharing use cases: read the thread's stream, decide, append with the expected version.
import type { EventStore } from '../eventstore/store.js';
import type { Actor } from '../shared/actor.js';
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

export async function changeAccess(store: EventStore, contextUuid: string, actor: Actor, cmd: Omit<AccessChange, 'viewer'>) {
  const viewer = await actor.facts();
  return decideAndAppend(store, contextUuid, (state) => {
    const events = decideAccessChange(state, { ...cmd, viewer });
    return { events, result: { changed: events.length > 0 } };
  });
}

export async function removeExpiry(store: EventStore, contextUuid: string, actor: Actor, now: Date) {
  const viewer = await actor.facts();
  return decideAndAppend(store, contextUuid, (state) => ({ events: decideExpiryRemoval(state, viewer, now), result: undefined }));
}

export async function requestAccess(store: EventStore, contextUuid: string, actor: Actor, cmd: Omit<AccessRequestCommand, 'requester'>) {
  const requester = await actor.facts();
  return decideAndAppend(store, contextUuid, (state) => {
    const { events, request_id } = decideAccessRequest(state, { ...cmd, requester });
    return { events, result: { request_id } };
  });
}

export async function answerAccessRequest(store: EventStore, contextUuid: string, actor: Actor, cmd: { request_id: string; grant: boolean; now: Date }) {
  const viewer = await actor.facts();
  return decideAndAppend(store, contextUuid, (state) => ({ events: decideAccessAnswer(state, { ...cmd, viewer }), result: undefined }));
}

export async function removeSources(store: EventStore, contextUuid: string, actor: Actor, cmd: { backend_uuid: string; urls: string[]; now: Date }) {
  const viewer = await actor.facts();
  return decideAndAppend(store, contextUuid, (state) => ({ events: decideSourcesRemoval(state, { ...cmd, viewer }), result: undefined }));
}
