// One Atlassian product (Jira or Confluence) over every site the grant reaches: the walk reads each
// site's search to its end in turn; the delta searches each site from just after the newest change
// seen there (a site granted since is read whole), asked with the time-zone margin and filtered by
// exact time here. Ids carry the site's cloud id, as an issue's or a page's id is unique only
// within its site. A site gone since the round began is dropped rather than stopping the delta.
import { type ProviderCallDeps, ProviderHttpError } from '../provider-call.js';
import type { AppChange, AppDocument, AppSourceAdapter } from './app-types.js';
import { atlassianSites } from './atlassian-site.js';
import type { AtlassianSite } from './atlassian-types.js';

/** One page of a site's search: everything when `since` is null, else what changed at or after it (the margin is the search's). */
export type SiteSearch = (site: AtlassianSite, since: number | null, next: string | null) => Promise<{ documents: AppDocument[]; next: string | null }>;

type Walk = { sites: AtlassianSite[]; next: string | null };
type Cursor = {
  sites: Record<string, { site: AtlassianSite; since: number }>;
  queue: string[];
  page: { site: string; next: string; newest: number | null } | null;
};

const onSite = (site: AtlassianSite, d: AppDocument): AppDocument => ({
  ...d,
  remoteId: `${site.id}:${d.remoteId}`,
  parentRemoteId: d.parentRemoteId === null ? null : `${site.id}:${d.parentRemoteId}`,
});
const timeOf = (d: AppDocument) => (d.updatedAt ? Date.parse(d.updatedAt) : 0);

export function atlassianProductAdapter(call: ProviderCallDeps, scope: string, search: SiteSearch): AppSourceAdapter {
  return {
    // A deleted issue or a trashed page is found by no search by update time.
    deltaMissesRemovals: true,
    async listPage(checkpoint) {
      if (!checkpoint) {
        const { sites } = await atlassianSites(call, scope);
        return { documents: [], checkpoint: JSON.stringify({ sites, next: null } satisfies Walk) };
      }
      const walk = JSON.parse(checkpoint) as Walk;
      const [site, ...rest] = walk.sites;
      const page = await search(site, null, walk.next);
      const next: Walk = page.next ? { sites: walk.sites, next: page.next } : { sites: rest, next: null };
      return { documents: page.documents.map((d) => onSite(site, d)), checkpoint: next.sites.length ? JSON.stringify(next) : null };
    },

    async startCursor() {
      const { sites, at } = await atlassianSites(call, scope);
      return JSON.stringify({ sites: Object.fromEntries(sites.map((site) => [site.id, { site, since: at }])), queue: [], page: null } satisfies Cursor);
    },

    async deltaPage(cursor) {
      let c = JSON.parse(cursor) as Cursor;
      if (!c.queue.length && !c.page) {
        // A new round: a site granted since is read whole (since 0).
        const { sites } = await atlassianSites(call, scope);
        c = {
          sites: Object.fromEntries(sites.map((site) => [site.id, c.sites[site.id] ?? { site, since: 0 }])),
          queue: sites.map((s) => s.id).sort(),
          page: null,
        };
      }
      const id = c.page?.site ?? c.queue[0];
      const { site, since } = c.sites[id];
      let page: Awaited<ReturnType<SiteSearch>>;
      try {
        page = await search(site, since, c.page?.next ?? null);
      } catch (err) {
        if (!(err instanceof ProviderHttpError) || err.status !== 404) throw err;
        const { [id]: _gone, ...sites } = c.sites;
        const queue = c.queue.filter((q) => q !== id);
        return { changes: [], cursor: JSON.stringify({ sites, queue, page: null } satisfies Cursor), more: queue.length > 0 };
      }
      const fresh = page.documents.filter((d) => timeOf(d) >= since);
      const changes: AppChange[] = fresh.map((d) => ({ remoteId: `${site.id}:${d.remoteId}`, removed: false, document: onSite(site, d) }));
      const newest = fresh.reduce((at, d) => Math.max(at, timeOf(d)), c.page?.newest ?? 0) || null;
      const after: Cursor = page.next
        ? { ...c, page: { site: id, next: page.next, newest } }
        : { sites: { ...c.sites, [id]: { site, since: newest === null ? since : newest + 1 } }, queue: c.queue.filter((q) => q !== id), page: null };
      return { changes, cursor: JSON.stringify(after), more: after.queue.length > 0 || after.page !== null };
    },
  };
}
