// Who may read a private GitHub repository's issues and README: its collaborators (`GET
// /repos/{owner}/{repo}/collaborators`, REST API 2022-11-28, paged by `Link`), as the account keys
// GitHub connections carry (the user id, accounts.ts), so the sync matches them to people here.
import { nextLinkPath } from './link-header.js';
import { jsonOf, MAX_JSON_BYTES, type ProviderCallDeps, providerAnswer } from '../provider-call.js';

const MAX_PAGES = 100;
const headers = { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' };

export async function githubRepositoryMembers(call: ProviderCallDeps, fullName: string): Promise<string[]> {
  const ids: string[] = [];
  let path: string | null = `/repos/${fullName.split('/').map(encodeURIComponent).join('/')}/collaborators?per_page=100&affiliation=all`;
  for (let pages = 0; path && pages < MAX_PAGES; pages++) {
    const res = await providerAnswer(call, path, MAX_JSON_BYTES, { headers });
    for (const u of jsonOf<{ id?: unknown }[]>(res.bytes)) if (typeof u?.id === 'number' || typeof u?.id === 'string') ids.push(String(u.id));
    path = nextLinkPath(res.headers.get('link'), call.apiBase);
  }
  if (path) throw new Error(`the repository ${fullName} has more collaborators than ${MAX_PAGES} pages`);
  return ids;
}
