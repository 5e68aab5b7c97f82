// Whose account a new connection is: each provider's documented "who am I" call, made once with
// the new access token. The account's id makes connecting the same account again renew the one
// connection rather than add a second; its name or address is what the connectors page shows.
import type { OAuthClient, TokenSet } from './oauth.js';
import { ProviderAuthError } from './oauth.js';

export type ProviderAccount = { accountId: string; displayName: string };

const TIMEOUT_MS = 15_000;

async function getJson(c: OAuthClient, token: string, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  let response: Response;
  try {
    response = await fetch(c.endpoints.api + path, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
  } catch {
    throw new ProviderAuthError('the provider could not be reached');
  }
  if (!response.ok) throw new ProviderAuthError(`the provider's account call answered ${response.status}`);
  return (await response.json().catch(() => null)) as Record<string, unknown> | null;
}

const text = (v: unknown) => (typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : null);

function account(id: unknown, ...names: unknown[]): ProviderAccount {
  const accountId = text(id);
  if (!accountId) throw new ProviderAuthError("the provider's account answer names no account");
  return { accountId, displayName: (names.map(text).find(Boolean) ?? accountId).slice(0, 200) };
}

export async function identifyAccount(c: OAuthClient, tokens: TokenSet): Promise<ProviderAccount> {
  const t = tokens.accessToken;
  switch (c.family) {
    case 'google': {
      const me = await getJson(c, t, '/oauth2/v2/userinfo');
      return account(me?.id, me?.email, me?.name);
    }
    case 'microsoft': {
      const me = await getJson(c, t, '/me');
      return account(me?.id, me?.mail, me?.userPrincipalName, me?.displayName);
    }
    case 'dropbox': {
      const me = await getJson(c, t, '/users/get_current_account', { method: 'POST' });
      return account(me?.account_id, me?.email);
    }
    case 'box': {
      const me = await getJson(c, t, '/users/me');
      return account(me?.id, me?.login, me?.name);
    }
    case 'notion': {
      // Notion's token answer names the workspace the person shared pages from.
      return account(tokens.extra.workspace_id ?? tokens.extra.bot_id, tokens.extra.workspace_name);
    }
    case 'linear': {
      const me = await getJson(c, t, '/graphql', { method: 'POST', body: { query: '{ viewer { id email name } }' } });
      const viewer = (me?.data as { viewer?: Record<string, unknown> } | undefined)?.viewer;
      return account(viewer?.id, viewer?.email, viewer?.name);
    }
    case 'github': {
      const me = await getJson(c, t, '/user', { headers: { accept: 'application/vnd.github+json' } });
      return account(me?.id, me?.login, me?.name);
    }
    case 'asana': {
      const me = (await getJson(c, t, '/users/me'))?.data as Record<string, unknown> | undefined;
      return account(me?.gid, me?.email, me?.name);
    }
    case 'atlassian': {
      const me = await getJson(c, t, '/me');
      return account(me?.account_id, me?.email, me?.name);
    }
    case 'slack': {
      const me = await getJson(c, t, '/auth.test', { method: 'POST' });
      if (me?.ok !== true) throw new ProviderAuthError("the provider's account call was refused", text(me?.error));
      return account(me?.user_id && me?.team_id ? `${me.team_id}:${me.user_id}` : null, me?.user && me?.team ? `${me.user} (${me.team})` : me?.team);
    }
  }
}
