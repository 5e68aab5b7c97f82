import type { Projection } from '../eventstore/types.js';
import type {
  AccountAvatarChanged,
  AccountEmailChanged,
  AccountEmailVerified,
  AccountErased,
  AccountTwoFactorDisabled,
  AccountTwoFactorEnabled,
  AccountUsernameChanged,
  AccountRegistered,
  AccountRenamed,
  VisitorClaimed,
} from './events.js';
import { own } from './tables.js';

export const accountsProjection: Projection = {
  name: 'accounts',
  tables: ['accounts'],
  handles: [
    'AccountRegistered',
    'AccountRenamed',
    'AccountEmailChanged',
    'AccountEmailVerified',
    'AccountUsernameChanged',
    'AccountAvatarChanged',
    'AccountTwoFactorEnabled',
    'AccountTwoFactorDisabled',
    'AccountErased',
  ],
  async apply(trx, event) {
    if (event.type === 'AccountErased') {
      await own(trx)
        .deleteFrom('accounts')
        .where('user_id', '=', (event.data as AccountErased['data']).user_id)
        .execute();
      return;
    }
    if (event.type === 'AccountAvatarChanged') {
      const a = event.data as AccountAvatarChanged['data'];
      await own(trx).updateTable('accounts').set({ avatar_key: a.image_key }).where('user_id', '=', a.user_id).execute();
      return;
    }
    if (event.type === 'AccountUsernameChanged') {
      const u = event.data as AccountUsernameChanged['data'];
      await own(trx).updateTable('accounts').set({ username: u.username }).where('user_id', '=', u.user_id).execute();
      return;
    }
    if (event.type === 'AccountEmailChanged') {
      // The new address was verified by its link: that is when the change happens.
      const c = event.data as AccountEmailChanged['data'];
      await own(trx).updateTable('accounts').set({ email: c.email, email_verified_at: c.changed_at }).where('user_id', '=', c.user_id).execute();
      return;
    }
    if (event.type === 'AccountEmailVerified') {
      const v = event.data as AccountEmailVerified['data'];
      await own(trx).updateTable('accounts').set({ email_verified_at: v.verified_at }).where('user_id', '=', v.user_id).execute();
      return;
    }
    if (event.type === 'AccountTwoFactorEnabled' || event.type === 'AccountTwoFactorDisabled') {
      const t = event.data as AccountTwoFactorEnabled['data'] | AccountTwoFactorDisabled['data'];
      await own(trx)
        .updateTable('accounts')
        .set({ two_factor_enabled: event.type === 'AccountTwoFactorEnabled' })
        .where('user_id', '=', t.user_id)
        .execute();
      return;
    }
    if (event.type === 'AccountRenamed') {
      const r = event.data as AccountRenamed['data'];
      await own(trx).updateTable('accounts').set({ name: r.name }).where('user_id', '=', r.user_id).execute();
      return;
    }
    const d = event.data as AccountRegistered['data'];
    await own(trx)
      .insertInto('accounts')
      .values({ user_id: d.user_id, email: d.email, name: d.name, visitor_id: d.visitor_id, subscription_status: 'none', registered_at: d.registered_at })
      .execute();
  },
};

export const visitorClaimsProjection: Projection = {
  name: 'visitor_claims',
  tables: ['visitor_claims'],
  handles: ['VisitorClaimed', 'AccountErased'],
  async apply(trx, event) {
    if (event.type === 'AccountErased') {
      await own(trx)
        .deleteFrom('visitor_claims')
        .where('user_id', '=', (event.data as AccountErased['data']).user_id)
        .execute();
      return;
    }
    const d = event.data as VisitorClaimed['data'];
    await own(trx).insertInto('visitor_claims').values({ visitor_id: d.visitor_id, user_id: d.user_id, claimed_at: d.claimed_at }).execute();
  },
};
