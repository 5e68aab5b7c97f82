import type { Db } from '../db/database.js';
import { peopleOf } from '../identity/index.js';
import { own } from './tables.js';

function requestsQuery(db: Db) {
  return own(db)
    .selectFrom('thread_access_requests as r')
    .innerJoin('threads as t', 't.context_uuid', 'r.context_uuid')
    .select(['r.request_id', 'r.context_uuid', 'r.status', 'r.requested_at', 'r.requester_user_id', 't.thread_url_slug', 't.title', 't.owner_user_id']);
}

type RequestRow = Awaited<ReturnType<ReturnType<typeof requestsQuery>['executeTakeFirstOrThrow']>>;

/** Each request with who asked (identity's, one read for them all); a request whose requester's account is gone is left out. */
async function withRequesters(db: Db, rows: RequestRow[]) {
  const people = await peopleOf(
    db,
    rows.map((r) => r.requester_user_id),
  );
  return rows.flatMap((r) => {
    const p = people.get(r.requester_user_id);
    return p ? [{ ...r, user_id: p.id, name: p.name, email: p.email }] : [];
  });
}

type RequestWithRequester = Awaited<ReturnType<typeof withRequesters>>[number];

export function accessRequestView(r: RequestWithRequester) {
  return {
    request_id: r.request_id,
    context_uuid: r.context_uuid,
    thread_url_slug: r.thread_url_slug,
    thread_title: r.title,
    requester: { id: r.user_id, name: r.name, email: r.email },
    status: r.status,
    requested_at: new Date(r.requested_at).toISOString(),
  };
}

/** What the requester sees of their own request: nothing of a thread they cannot read yet. */
export const accessRequestReceipt = (r: Pick<RequestRow, 'request_id' | 'status' | 'requested_at'>) => ({
  request_id: r.request_id,
  status: r.status,
  requested_at: new Date(r.requested_at).toISOString(),
});

/** The request and its thread, without who asked. */
export const accessRequestOf = (db: Db, requestId: string) => requestsQuery(db).where('r.request_id', '=', requestId).executeTakeFirst();

/** The request, its thread and who asked. */
export async function findAccessRequest(db: Db, requestId: string) {
  const row = await accessRequestOf(db, requestId);
  return row && (await withRequesters(db, [row]))[0];
}

/** Open requests for the owner's threads, oldest first. */
export async function openRequestsFor(db: Db, ownerUserId: string) {
  const rows = await requestsQuery(db)
    .where('t.owner_user_id', '=', ownerUserId)
    .where('r.status', '=', 'requested')
    .orderBy('r.requested_at')
    .orderBy('r.request_id')
    .limit(200)
    .execute();
  return withRequesters(db, rows);
}
