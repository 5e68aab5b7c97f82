// Which of the catalogue's upsells a caller is served at a place (seed 002 §4): pure, so every
// rule is tested without a server. The caller's plan, origin and marks come in.
import { type AppLocation, DEFAULT_REWRITE_MODEL, type ImpressionLimits, type UpsellEntry } from '../shared/upsell-catalogue.js';
import { type ClientTraits, hidesUpsells } from './client-traits.js';
import { impressionLimitOf } from './decide.js';
import type { UpsellMarks } from './events.js';

/** Who is served upsells, as the rules see them (from the Actor: its plan and origin, and this page's marks). */
export type Audience = {
  signedIn: boolean;
  isMax: boolean;
  isGovernmentOrigin: boolean;
  traits: ClientTraits;
  /** The thread shown, if any. */
  threadId: string | null;
  marks: UpsellMarks;
};

/** What the server offers: its answer models, and whether plans can be bought (Stripe configured). */
export type Server = { models: readonly string[]; billing: boolean };
/**
 * The paywall upsells: never for visitors (nobody to bill) nor Max subscribers (nothing above),
 * nor anyone where billing is off (nothing can be bought; the pricing modal still shows the plans).
 */
const PAYWALL = new Set<UpsellEntry['upsell_type']>(['pro_upgrade', 'enterprise_upgrade']);

/** The model a rewrite upsell asks with, when this server runs it; otherwise it is not served. */
export function rewriteModelOf(upsell: UpsellEntry, configuredModels: readonly string[]): string | null {
  if (upsell.upsell_type !== 'rewrite_answer') return null;
  const model = upsell.cta_information.model_preference ?? DEFAULT_REWRITE_MODEL;
  return configuredModels.includes(model) ? model : null;
}

export function visibleUpsells(
  catalogue: readonly UpsellEntry[],
  location: AppLocation,
  viewer: Audience,
  limits: ImpressionLimits,
  server: Server,
): UpsellEntry[] {
  const configuredModels = server.models;
  if (viewer.isGovernmentOrigin || hidesUpsells(viewer.traits)) return [];
  return catalogue.filter((u) => {
    if (u.app_location !== location) return false;
    const marks = viewer.marks[u.name];
    if (marks?.interacted) return false;
    const limit = impressionLimitOf(u, limits);
    if (limit !== null && (marks?.impressions ?? 0) >= limit) return false;
    if (PAYWALL.has(u.upsell_type) && (!server.billing || !viewer.signedIn || viewer.isMax)) return false;
    if (u.upsell_type === 'login' && viewer.signedIn) return false;
    if (u.upsell_type === 'thread_to_space' && !viewer.threadId) return false;
    if (u.upsell_type === 'rewrite_answer' && !rewriteModelOf(u, configuredModels)) return false;
    return true;
  });
}
