import type { Db } from '../db/database.js';
import { crossRead } from '../db/cross-read.js';

function requestsQuery(db: Db) {
  return crossRead(db)
    .selectFrom('thread_access_requests as r')
    .innerJoin('threads as t', 't.context_uuid', 'r.context_uuid')
    .innerJoin('user as u', 'u.id', 'r.requester_user_id')
    .select([
      'r.request_id',
      'r.context_uuid',
      'r.status',
      'r.requested_at',
      't.thread_url_slug',
      't.title',
      't.owner_user_id',
      'u.id as user_id',
      'u.name',
      'u.email',
    ]);
}

type RequestRow = Awaited<ReturnType<ReturnType<typeof requestsQuery>['executeTakeFirstOrThrow']>>;

export function accessRequestView(r: RequestRow) {
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

export const findAccessRequest = (db: Db, requestId: string) => requestsQuery(db).where('r.request_id', '=', requestId).executeTakeFirst();

/** Open requests for the owner's threads, oldest first. */
export const openRequestsFor = (db: Db, ownerUserId: string) =>
  requestsQuery(db)
    .where('t.owner_user_id', '=', ownerUserId)
    .where('r.status', '=', 'requested')
    .orderBy('r.requested_at')
    .orderBy('r.request_id')
    .limit(200)
    .execute();
