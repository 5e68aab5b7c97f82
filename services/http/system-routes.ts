// The edge's own operations: liveness, readiness and what this server can do.
import type { Config } from '../shared/config.js';
import { DomainError } from '../shared/domain-error.js';
import type { DomainRoutes } from './handler.js';

/** What the operator configured, for clients to offer only what works (GET /rest/server/features). */
export function serverFeatures(config: Pick<Config, 'searxngUrl' | 'billing' | 'translate' | 'llm' | 'bugReports' | 'imageProvider' | 'shopping' | 'places'>) {
  return {
    web_search: !!config.searxngUrl,
    billing: !!config.billing.stripe,
    translation: !!config.translate,
    // The server transcribes no speech: dictation uses the browser's own recognition (web/src/platform/speech).
    voice_input: false,
    answer_model: config.llm ? ('llm' as const) : ('offline' as const),
    bug_reports: !!config.bugReports,
    // The app's own client sends reports to this segment (it keeps blind scans out; not a credential).
    bug_report_hook: config.bugReports?.hook ?? null,
    try_on: !!config.imageProvider,
    // Product cards in answers: at least one merchant's feed is configured (MERCHANT_FEEDS_FILE).
    shopping: config.shopping.merchants.length > 0,
    // Place cards and the map in answers about places: a geocoder is configured (GEOCODER_URL).
    places: !!config.places.geocoder,
    // The browser loads tiles itself, so the template (never a secret: MAP_TILE_URL is public) goes out as configured.
    map_tiles: config.places.tiles ? { url_template: config.places.tiles.urlTemplate, attribution: config.places.tiles.attribution } : null,
  };
}

export const systemRoutes = {
  async getHealth() {
    return { status: 200, body: { status: 'ok' } };
  },
  async getReadiness(_input, ctx) {
    if (!(await ctx.isReady())) throw new DomainError('unavailable', 'not_ready', 'The server is starting or stopping.');
    return { status: 200, body: { status: 'ok' } };
  },
  async getServerFeatures(_input, ctx) {
    return { status: 200, body: serverFeatures(ctx.config) };
  },
} satisfies DomainRoutes;
