// Dub's lead tracking over its REST API (POST {base}/track/lead, bearer key), so the base URL can
// point at a test fake. A refusal or a network failure is an outcome, never an exception: the
// seed says a failure is logged and treated as false.
import type { DubOutcome } from './events.js';

export type DubLead = {
  clickId: string;
  eventName: string;
  customerExternalId: string;
  customerName?: string;
  customerEmail?: string;
  mode: 'async' | 'deferred';
  metadata?: Record<string, string>;
};
export type DubClient = { trackLead: (lead: DubLead) => Promise<{ outcome: Exclude<DubOutcome, 'not_configured'>; detail?: string }> };

const TIMEOUT_MS = 5_000;

export function createDubClient(config: { apiKey: string; baseUrl: string }, fetchFn: typeof fetch = fetch): DubClient {
  return {
    async trackLead(lead) {
      try {
        const res = await fetchFn(`${config.baseUrl}/track/lead`, {
          method: 'POST',
          headers: { authorization: `Bearer ${config.apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify(lead),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        // The body is read (and dropped) so the connection is freed; Dub's error text may name the request, not the key.
        const text = await res.text().catch(() => '');
        return res.ok ? { outcome: 'sent' } : { outcome: 'failed', detail: `Dub answered ${res.status}: ${text.slice(0, 200)}` };
      } catch (err) {
        return { outcome: 'failed', detail: err instanceof Error ? err.message : String(err) };
      }
    },
  };
}
