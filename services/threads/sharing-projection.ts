import type { Projection } from '../eventstore/types.js';
import type { AccountErased } from '../identity/events.js';
import type { ThreadEvent } from './events.js';
import { own } from './tables.js';

/** `thread_access_requests` and `thread_readers`: who asked to read a thread, and who may. */
export const threadSharingProjection: Projection = {
  name: 'thread-sharing',
  tables: ['thread_access_requests', 'thread_readers'],
  handles: ['ThreadAccessRequested', 'ThreadAccessGranted', 'ThreadAccessDeclined', 'AccountErased'],
  async apply(trx, event) {
    if (event.type === 'AccountErased') {
      // A deleted account asks for and reads nothing any more.
      const { user_id } = event.data as AccountErased['data'];
      await own(trx).deleteFrom('thread_access_requests').where('requester_user_id', '=', user_id).execute();
      await own(trx).deleteFrom('thread_readers').where('user_id', '=', user_id).execute();
      return;
    }
    const e = { type: event.type, data: event.data } as ThreadEvent;
    switch (e.type) {
      case 'ThreadAccessRequested':
        await own(trx)
          .insertInto('thread_access_requests')
          .values({
            request_id: e.data.request_id,
            context_uuid: e.data.context_uuid,
            requester_user_id: e.data.requester_user_id,
            status: 'requested',
            requested_at: e.data.requested_at,
            answered_at: null,
          })
          .execute();
        return;
      case 'ThreadAccessGranted':
        await own(trx)
          .updateTable('thread_access_requests')
          .set({ status: 'granted', answered_at: e.data.granted_at })
          .where('request_id', '=', e.data.request_id)
          .execute();
        await own(trx)
          .insertInto('thread_readers')
          .values({ context_uuid: e.data.context_uuid, user_id: e.data.user_id, granted_at: e.data.granted_at })
          .onConflict((oc) => oc.columns(['context_uuid', 'user_id']).doNothing())
          .execute();
        return;
      case 'ThreadAccessDeclined':
        await own(trx)
          .updateTable('thread_access_requests')
          .set({ status: 'declined', answered_at: e.data.declined_at })
          .where('request_id', '=', e.data.request_id)
          .execute();
        return;
    }
  },
};
