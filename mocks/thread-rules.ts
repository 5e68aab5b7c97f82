// The server's thread rules over a mock thread: the mock thread seen as the ThreadState its
// deciders take (services/threads/decide.ts, sharing-decide.ts, access-rules.ts), and the events
// they return written back onto it, as the server's projection writes them onto its rows.
import type { ActorFacts } from '../services/shared/actor';
import type { SourceData, ThreadEvent, ThreadState } from '../services/threads/events';
import type { MockThread } from './mock-thread';

/** A mock thread's owner is a user id (an account of the scenario) or a visitor id. */
export function threadState(t: MockThread, isUser: (id: string) => boolean): ThreadState {
  const started = t.entries[0]?.created_at ?? t.updated_datetime;
  return {
    // A mock thread that is deleted is gone from the scenario's list.
    deleted: false,
    started: {
      context_uuid: t.context_uuid,
      thread_url_slug: t.thread_url_slug,
      frontend_context_uuid: t.frontend_context_uuid,
      title: t.title,
      owner_user_id: isUser(t.owner) ? t.owner : null,
      owner_visitor_id: isUser(t.owner) ? null : t.owner,
      thread_access: t.thread_access,
      incognito: false,
      expiry_time: t.expiry_time,
      started_at: started,
    },
    entries: Object.fromEntries(
      t.entries.map((e) => [
        e.backend_uuid,
        {
          backend_uuid: e.backend_uuid,
          status: e.status,
          answer: e.answer,
          sources: e.sources.length ? (e.sources as SourceData[]) : null,
          generation_started: e.sent > 0,
          stop_requested: !!e.stop,
        },
      ]),
    ),
    thread_access: t.thread_access,
    expiry_time: t.expiry_time,
    requests: Object.fromEntries((t.access_requests ?? []).map((r) => [r.request_id, { requester_user_id: r.requester.id, status: r.status }])),
    readers: t.readers ?? [],
    collection_uuid: t.collection_uuid ?? null,
  };
}

/** The events of the sharing rules, written onto the mock thread. */
export function applyThreadEvents(t: MockThread, events: ThreadEvent[]) {
  for (const e of events) {
    if (e.type === 'ThreadAccessChanged') t.thread_access = e.data.thread_access;
    if (e.type === 'ThreadExpiryRemoved') t.expiry_time = null;
    if (e.type === 'ThreadAccessGranted' || e.type === 'ThreadAccessDeclined') {
      const request = t.access_requests?.find((r) => r.request_id === e.data.request_id);
      if (request) request.status = e.type === 'ThreadAccessGranted' ? 'granted' : 'declined';
      if (e.type === 'ThreadAccessGranted' && !t.readers?.includes(e.data.user_id)) t.readers = [...(t.readers ?? []), e.data.user_id];
    }
    if (e.type === 'ThreadAddedToSpace') t.collection_uuid = e.data.collection_uuid;
    if (e.type === 'ThreadRemovedFromSpace') t.collection_uuid = null;
  }
}

export type { ActorFacts };
