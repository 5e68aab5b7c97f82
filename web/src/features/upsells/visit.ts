// Where this visit came from, for the upsell rules (spec/paths/upsells.yaml): the `source` and
// `campaign` query parameters of the first page of the visit, kept for the tab's session.
const KEY = 'upsell-visit:v1';

export type Visit = { visit_source?: string; visit_campaign?: string };

const clip = (v: string | null) => (v ? v.slice(0, 64) : undefined);

/** The visit's source and campaign; the first page's are remembered for the rest of the visit. */
export function currentVisit(): Visit {
  try {
    const kept = sessionStorage.getItem(KEY);
    if (kept) return JSON.parse(kept) as Visit;
    const q = new URLSearchParams(window.location.search);
    const visit: Visit = { visit_source: clip(q.get('source')), visit_campaign: clip(q.get('campaign')) };
    sessionStorage.setItem(KEY, JSON.stringify(visit));
    return visit;
  } catch {
    return {};
  }
}
