// The price alerts as a read model: `price_alert_states`, one row per alert that has seen a quote,
// read by the checker at each check (one query for all alerts, not a stream read per alert).
import type { AccountErased } from '../identity/events.js';
import type { Projection } from '../eventstore/types.js';
import { PRICE_ALERT_EVENTS, type PriceAlertEvent } from './events.js';
import { own } from './tables.js';

export const priceAlertStatesProjection: Projection = {
  name: 'price_alert_states',
  tables: ['price_alert_states'],
  handles: [...PRICE_ALERT_EVENTS, 'AccountErased'],
  async apply(trx, event) {
    // A deleted account's alerts go with it (docs/data-rights.md).
    if (event.type === 'AccountErased') {
      await own(trx)
        .deleteFrom('price_alert_states')
        .where('owner_id', '=', (event.data as AccountErased['data']).user_id)
        .execute();
      return;
    }
    const e = event as unknown as PriceAlertEvent;
    if (e.type === 'PriceAlertHandedOver') {
      await own(trx)
        .updateTable('price_alert_states')
        .set({ version: event.streamVersion, pending_occurrence_key: null, pending_reason: null, pending_fired_at: null, updated_at: e.data.handed_over_at })
        .where('task_id', '=', e.data.task_id)
        .where('pending_occurrence_key', '=', e.data.occurrence_key)
        .execute();
      // Still the stream's version when the firing handed over was not the pending one.
      await own(trx).updateTable('price_alert_states').set({ version: event.streamVersion }).where('task_id', '=', e.data.task_id).execute();
      return;
    }
    const d = e.data;
    const at = e.type === 'PriceAlertFired' ? e.data.fired_at : e.data.armed_at;
    const seen = {
      owner_id: d.owner_id,
      symbol: d.terms.symbol,
      alert_type: d.terms.alert_type,
      terms: JSON.stringify(d.terms),
      watch: JSON.stringify(d.watch),
      version: event.streamVersion,
      last_price: d.quote.price,
      last_previous_close: d.quote.previous_close,
      currency: d.quote.currency,
      last_quote_at: d.quote.at,
      updated_at: at,
    };
    const fired =
      e.type === 'PriceAlertFired'
        ? { last_fired_at: at, last_reason: e.data.reason, pending_occurrence_key: e.data.occurrence_key, pending_reason: e.data.reason, pending_fired_at: at }
        : {};
    await own(trx)
      .insertInto('price_alert_states')
      .values({ task_id: d.task_id, ...seen, fired_count: e.type === 'PriceAlertFired' ? 1 : 0, ...fired })
      .onConflict((oc) =>
        oc.column('task_id').doUpdateSet((eb) => ({
          ...seen,
          ...fired,
          ...(e.type === 'PriceAlertFired' ? { fired_count: eb('price_alert_states.fired_count', '+', 1) } : {}),
        })),
      )
      .execute();
  },
};
