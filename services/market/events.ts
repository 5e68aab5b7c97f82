// A price alert's life as events, one stream per alert (the alert task's id): armed (what it has
// seen changed, nothing fired), fired (a crossing, with the quote seen and its reason) and handed
// over (the run of that firing was started). Appends carry the expected version, so of two checks
// (two app instances, or a check racing its own retry) deciding the same crossing only one lands.
import type { StoredEvent } from '../eventstore/types.js';
import type { AlertTerms, Crossing, Watch } from './crossing.js';

/** The quote a decision was made on, as stored. */
export type QuoteSeen = { symbol: string; price: number; previous_close: number; currency: string; at: string };

export type PriceAlertArmed = {
  type: 'PriceAlertArmed';
  data: { task_id: string; owner_id: string; terms: AlertTerms; watch: Watch; quote: QuoteSeen; armed_at: string };
};
export type PriceAlertFired = {
  type: 'PriceAlertFired';
  data: {
    task_id: string;
    owner_id: string;
    terms: AlertTerms;
    watch: Watch;
    quote: QuoteSeen;
    crossings: Crossing[];
    reason: string;
    /** Names this firing's run: the same key from every instance and every retry. */
    occurrence_key: string;
    fired_at: string;
  };
};
export type PriceAlertHandedOver = {
  type: 'PriceAlertHandedOver';
  data: { task_id: string; owner_id: string; occurrence_key: string; handed_over_at: string };
};

export type PriceAlertEvent = PriceAlertArmed | PriceAlertFired | PriceAlertHandedOver;
export const PRICE_ALERT_EVENTS = ['PriceAlertArmed', 'PriceAlertFired', 'PriceAlertHandedOver'] as const satisfies readonly PriceAlertEvent['type'][];

export const priceAlertStream = (taskId: string) => `price-alert-${taskId}`;

/** A firing whose run has not been started yet. */
export type PendingFire = { occurrence_key: string; reason: string; fired_at: string };

export type PriceAlertState = { terms: AlertTerms | null; watch: Watch | null; pending: PendingFire | null; fired: number };
export const initialPriceAlert: PriceAlertState = { terms: null, watch: null, pending: null, fired: 0 };

export function evolvePriceAlert(state: PriceAlertState, event: StoredEvent | PriceAlertEvent): PriceAlertState {
  const e = event as PriceAlertEvent;
  switch (e.type) {
    case 'PriceAlertArmed':
      return { ...state, terms: e.data.terms, watch: e.data.watch };
    case 'PriceAlertFired':
      return {
        terms: e.data.terms,
        watch: e.data.watch,
        pending: { occurrence_key: e.data.occurrence_key, reason: e.data.reason, fired_at: e.data.fired_at },
        fired: state.fired + 1,
      };
    case 'PriceAlertHandedOver':
      return state.pending?.occurrence_key === e.data.occurrence_key ? { ...state, pending: null } : state;
    default:
      return state;
  }
}
