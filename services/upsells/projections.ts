// The marks of upsells as a read model: `upsell_marks`, one row per caller and upsell, read on
// every upsell request (one indexed lookup instead of folding the caller's stream). A visitor's
// marks become their account's when it claims the visitor (sign-up or sign-in).
import { sql } from 'kysely';
import type { AccountErased, VisitorClaimed } from '../identity/events.js';
import type { Projection } from '../eventstore/types.js';
import { UPSELL_EVENTS, type UpsellEvent } from './events.js';
import { own } from './tables.js';

export const upsellMarksProjection: Projection = {
  name: 'upsell_marks',
  tables: ['upsell_marks'],
  handles: [...UPSELL_EVENTS, 'AccountErased', 'VisitorClaimed'],
  async apply(trx, event) {
    // A deleted account's marks go with it (docs/data-rights.md).
    if (event.type === 'AccountErased') {
      await own(trx)
        .deleteFrom('upsell_marks')
        .where('subject', '=', `user:${(event.data as AccountErased['data']).user_id}`)
        .execute();
      return;
    }
    // What a visitor saw and clicked before signing up stays seen and clicked for the account.
    if (event.type === 'VisitorClaimed') {
      const { visitor_id, user_id } = event.data as VisitorClaimed['data'];
      await sql`
        insert into upsell_marks (subject, upsell_name, impressions, interacted_at)
        select ${`user:${user_id}`}, upsell_name, impressions, interacted_at from upsell_marks where subject = ${`visitor:${visitor_id}`}
        on conflict (subject, upsell_name) do update set
          impressions = greatest(upsell_marks.impressions, excluded.impressions),
          interacted_at = coalesce(upsell_marks.interacted_at, excluded.interacted_at)`.execute(trx);
      return;
    }
    const e = event as unknown as UpsellEvent;
    const { subject, upsell_name } = e.data;
    if (e.type === 'UpsellImpressionRecorded') {
      await own(trx)
        .insertInto('upsell_marks')
        .values({ subject, upsell_name, impressions: 1, interacted_at: null })
        .onConflict((oc) => oc.columns(['subject', 'upsell_name']).doUpdateSet({ impressions: sql`upsell_marks.impressions + 1` }))
        .execute();
      return;
    }
    await own(trx)
      .insertInto('upsell_marks')
      .values({ subject, upsell_name, impressions: 0, interacted_at: e.data.interacted_at })
      .onConflict((oc) => oc.columns(['subject', 'upsell_name']).doUpdateSet({ interacted_at: e.data.interacted_at }))
      .execute();
  },
};
