// Which Atlassian Cloud site a 3LO token reaches: /oauth/token/accessible-resources lists the
// sites (cloud ids) the person granted, each with the scopes granted there; calls then go to
// api.atlassian.com/ex/{jira|confluence}/{cloudId}/… Every site granting the product's read scope
// is synced (atlassian-sites.ts).
import { jsonOf, type ProviderCallDeps, ProviderHttpError, providerAnswer } from '../provider-call.js';
import { type AtlassianSite, accessibleResources } from './atlassian-types.js';
import { shapeOf } from './provider-shape.js';

/** The sites granting `scope`, and Atlassian's clock (its Date header: never later than the call) for where a delta starts. */
export async function atlassianSites(call: ProviderCallDeps, scope: string): Promise<{ sites: AtlassianSite[]; at: number }> {
  const res = await providerAnswer(call, '/oauth/token/accessible-resources', 1024 * 1024);
  const sites = shapeOf(accessibleResources, jsonOf(res.bytes), 'Atlassian', 'list of sites').filter((s) => s.scopes.includes(scope));
  if (!sites.length) throw new ProviderHttpError(403, `no Atlassian site granted ${scope} to this connection`);
  const at = Date.parse(res.headers.get('date') ?? '');
  return { sites, at: Number.isNaN(at) ? Date.now() : at };
}

/** CQL and JQL dates are minutes in the person's own time zone, which may be up to 14 hours either way of UTC: a query starts this much earlier, and what it finds is filtered by its exact time. */
export const ZONE_MARGIN_MS = 15 * 3600 * 1000;

/** `yyyy/MM/dd HH:mm` in UTC, as JQL and CQL read dates. */
export function queryDate(ms: number) {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}/${p(d.getUTCMonth() + 1)}/${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
}

/** A site's own address for a path, or null when the site's address is not https (never a link a person follows elsewhere). */
export const siteLink = (site: AtlassianSite, path: string) => (site.url.startsWith('https://') ? `${site.url.replace(/\/+$/, '')}${path}` : null);
