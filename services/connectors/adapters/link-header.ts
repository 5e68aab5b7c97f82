// The next page of a listing from an RFC 8288 `Link` header (GitHub's paging), as a path under the
// configured API address. A link to any other address is refused: calls go to configured addresses
// only (provider-call.ts), never where a provider's answer points.
import { ProviderHttpError } from '../provider-call.js';

export function nextLinkPath(header: string | null, apiBase: string): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const m = /^\s*<([^>]*)>(.*)$/.exec(part);
    const rel = m && /;\s*rel="?([^";]*)"?/i.exec(m[2])?.[1];
    if (!m || !rel?.split(/\s+/).includes('next')) continue;
    const base = new URL(apiBase);
    const basePath = base.pathname.replace(/\/+$/, '');
    const url = new URL(m[1], base);
    if (url.origin !== base.origin || !url.pathname.startsWith(`${basePath}/`))
      throw new ProviderHttpError(502, 'the provider sent a paging link to another address');
    return url.pathname.slice(basePath.length) + url.search;
  }
  return null;
}
