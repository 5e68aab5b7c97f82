// SharePoint's site selector: the sites the person can see (GET /sites?search=*, paged by
// @odata.nextLink on the configured origin only) and a site's document libraries (its drives),
// each of which the Microsoft Graph adapter walks with its drive id.
import { apiPathOf, type ProviderCallDeps, providerJson } from '../provider-call.js';
import type { Collection, Drive, Site } from './microsoft-graph-types.js';

export type SitePage = { sites: { id: string; name: string; url: string | null }[]; next: string | null };

/** One page of sites; `page` is the `next` of the page before (null: the first); `search` narrows them by name ('*': all). */
export async function sites(call: ProviderCallDeps, page: string | null, pageSize = 100, search = '*'): Promise<SitePage> {
  const answer = await providerJson<Collection<Site>>(call, page ?? '/sites', page ? {} : { query: { search, $top: pageSize } });
  const nextLink = answer['@odata.nextLink'];
  return {
    sites: answer.value.map((s) => ({ id: s.id, name: s.displayName ?? s.name ?? s.id, url: s.webUrl ?? null })),
    next: nextLink ? apiPathOf(call.apiBase, nextLink) : null,
  };
}

/** A site's document libraries. */
export async function siteDrives(call: ProviderCallDeps, siteId: string) {
  const drives: { id: string; name: string; url: string | null }[] = [];
  let path: string | null = `/sites/${encodeURIComponent(siteId)}/drives`;
  while (path) {
    const answer: Collection<Drive> = await providerJson<Collection<Drive>>(call, path);
    drives.push(...answer.value.map((d) => ({ id: d.id, name: d.name ?? d.id, url: d.webUrl ?? null })));
    const nextLink = answer['@odata.nextLink'];
    path = nextLink ? apiPathOf(call.apiBase, nextLink) : null;
  }
  return drives;
}
