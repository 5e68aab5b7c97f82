// The price alert's rules over its state: one quote decides whether the alert fires, re-arms, or
// changes nothing (no event: a check that saw nothing new writes nothing).
import { type AlertTerms, initialWatch, sameTerms, sameWatch, step } from './crossing.js';
import type { PendingFire, PriceAlertArmed, PriceAlertFired, PriceAlertHandedOver, PriceAlertState, QuoteSeen } from './events.js';
import type { Quote } from './quote.js';
import { firingReason } from './reason.js';

export type CheckCommand = { taskId: string; ownerId: string; terms: AlertTerms; quote: Quote; now: Date; version: number };

/** The occurrence key of the firing recorded at `streamVersion` of the alert's stream. */
export const occurrenceKeyAt = (streamVersion: number) => `price-${streamVersion}`;

export function decideCheck(state: PriceAlertState, cmd: CheckCommand): [] | [PriceAlertArmed] | [PriceAlertFired] {
  // Changed terms (another target, other bounds, another symbol) start a fresh watch.
  const fresh = !state.terms || !state.watch || !sameTerms(state.terms, cmd.terms) || state.watch.kind !== initialWatch(cmd.terms.alert_type).kind;
  const watch = fresh ? initialWatch(cmd.terms.alert_type) : state.watch!;
  const next = step(watch, cmd.terms, cmd.quote);
  const quote: QuoteSeen = { ...cmd.quote, at: cmd.quote.at.toISOString() };
  const base = { task_id: cmd.taskId, owner_id: cmd.ownerId, terms: cmd.terms, watch: next.watch, quote };
  if (next.crossings.length)
    return [
      {
        type: 'PriceAlertFired',
        data: {
          ...base,
          crossings: next.crossings,
          reason: firingReason(cmd.quote, next.crossings),
          occurrence_key: occurrenceKeyAt(cmd.version + 1),
          fired_at: cmd.now.toISOString(),
        },
      },
    ];
  if (!fresh && sameWatch(watch, next.watch)) return [];
  return [{ type: 'PriceAlertArmed', data: { ...base, armed_at: cmd.now.toISOString() } }];
}

/** The firing's run was started: the firing is pending no more (nothing when it is not the pending one). */
export function decideHandedOver(
  pending: Pick<PendingFire, 'occurrence_key'> | null,
  cmd: { taskId: string; ownerId: string; occurrenceKey: string; now: Date },
): [] | [PriceAlertHandedOver] {
  if (pending?.occurrence_key !== cmd.occurrenceKey) return [];
  return [
    {
      type: 'PriceAlertHandedOver',
      data: { task_id: cmd.taskId, owner_id: cmd.ownerId, occurrence_key: cmd.occurrenceKey, handed_over_at: cmd.now.toISOString() },
    },
  ];
}
