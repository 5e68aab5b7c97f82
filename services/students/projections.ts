// Student verifications as a read model: `student_verifications`, one row per person who asked for
// a code, with where it stands. A wrong try changes nothing the read model shows.
import type { Projection } from '../eventstore/types.js';
import type { AccountErased } from '../identity/events.js';
import type { StudentEvent } from './events.js';
import { own } from './tables.js';

export const studentVerificationsProjection: Projection = {
  name: 'student_verifications',
  tables: ['student_verifications'],
  handles: ['StudentCodeSent', 'StudentVerified', 'AccountErased'],
  async apply(trx, event) {
    if (event.type === 'AccountErased') {
      await own(trx)
        .deleteFrom('student_verifications')
        .where('user_id', '=', (event.data as AccountErased['data']).user_id)
        .execute();
      return;
    }
    const e = { type: event.type, data: event.data } as StudentEvent;
    if (e.type === 'StudentCodeSent') {
      const { user_id, email, domain, sent_at } = e.data;
      await own(trx)
        .insertInto('student_verifications')
        .values({ user_id, status: 'code_sent', email, domain, verified_at: null, updated_at: sent_at })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ status: 'code_sent', email, domain, updated_at: sent_at }))
        .execute();
    } else if (e.type === 'StudentVerified') {
      const { user_id, email, domain, verified_at } = e.data;
      await own(trx)
        .insertInto('student_verifications')
        .values({ user_id, status: 'verified', email, domain, verified_at, updated_at: verified_at })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ status: 'verified', email, domain, verified_at, updated_at: verified_at }))
        .execute();
    }
  },
};
