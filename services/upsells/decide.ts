// Pure rules of an upsell mark: the catalogue, the caller's marks, the limits and the clock come
// in; the events to append come out (none when nothing changes), or a domain error.
import type { ImpressionLimits, UpsellEntry } from '../shared/upsell-catalogue.js';
import { upsellErrors } from './errors.js';
import type { UpsellImpressionRecorded, UpsellInteracted, UpsellMarks } from './events.js';

export type MarkCommand = {
  subject: string;
  upsell_name: string;
  upsell_instance_identifier: string;
  /** Whether the identifier is the one served to this caller for this upsell (instance.ts). */
  instanceMatches: boolean;
  now: Date;
};

function served(catalogue: readonly UpsellEntry[], cmd: MarkCommand) {
  const upsell = catalogue.find((u) => u.name === cmd.upsell_name);
  if (!upsell || !cmd.instanceMatches) throw upsellErrors.notFound();
  return upsell;
}

/** A click marks the upsell once; marking again changes nothing. */
export function decideInteracted(marks: UpsellMarks, catalogue: readonly UpsellEntry[], cmd: MarkCommand): UpsellInteracted[] {
  const { app_location } = served(catalogue, cmd);
  if (marks[cmd.upsell_name]?.interacted) return [];
  const { subject, upsell_name, upsell_instance_identifier } = cmd;
  return [{ type: 'UpsellInteracted', data: { subject, upsell_name, upsell_instance_identifier, app_location, interacted_at: cmd.now.toISOString() } }];
}

/** The limit of a counted upsell, or null for one that is not counted. */
export const impressionLimitOf = (upsell: UpsellEntry, limits: ImpressionLimits) => (upsell.impression_counter ? limits[upsell.impression_counter] : null);

/** A showing of a counted upsell is counted up to its limit; other upsells are not counted. */
export function decideImpression(
  marks: UpsellMarks,
  catalogue: readonly UpsellEntry[],
  limits: ImpressionLimits,
  cmd: MarkCommand,
): UpsellImpressionRecorded[] {
  const limit = impressionLimitOf(served(catalogue, cmd), limits);
  if (limit === null || (marks[cmd.upsell_name]?.impressions ?? 0) >= limit) return [];
  const { subject, upsell_name, upsell_instance_identifier } = cmd;
  return [{ type: 'UpsellImpressionRecorded', data: { subject, upsell_name, upsell_instance_identifier, shown_at: cmd.now.toISOString() } }];
}
