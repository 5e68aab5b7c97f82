import type { Projection } from '../eventstore/types.js';
import type { BrowserInviteClaimed, BrowserInviteIssued } from './events.js';
import { own } from './tables.js';

export const browserInvitesProjection: Projection = {
  name: 'browser_invites',
  tables: ['browser_invites', 'browser_invite_claims'],
  handles: ['BrowserInviteIssued', 'BrowserInviteClaimed'],
  async apply(trx, event) {
    if (event.type === 'BrowserInviteIssued') {
      const d = event.data as BrowserInviteIssued['data'];
      await own(trx)
        .insertInto('browser_invites')
        .values({ code: d.code, max_uses: d.max_uses, uses: 0, issued_by: d.issued_by, issued_at: d.issued_at })
        .execute();
    } else {
      const d = event.data as BrowserInviteClaimed['data'];
      await own(trx)
        .updateTable('browser_invites')
        .set((eb) => ({ uses: eb('uses', '+', 1) }))
        .where('code', '=', d.code)
        .execute();
      // One claim per person: two codes claimed at once by one person keep the first.
      await own(trx)
        .insertInto('browser_invite_claims')
        .values({ user_id: d.user_id, code: d.code, claimed_at: d.claimed_at })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    }
  },
};
