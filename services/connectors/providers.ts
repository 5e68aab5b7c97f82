// How this server reaches each provider: its OAuth 2.0 endpoints (authorization code with PKCE),
// the scopes each connector asks for (read-only), and the API's address. The addresses are the
// providers' documented ones; CONNECTOR_<FAMILY>_BASE_URL (configuration only, never a request)
// sends every call of a family to another origin with the same paths, for a proxy or a test's fake.
import { CALENDAR_READONLY, GMAIL_READONLY } from './permissions.js';
import type { ConnectorName, ProviderFamily } from './registry.js';

export type FamilyEndpoints = {
  authorization: string;
  token: string;
  /** RFC 7009 revocation, where the provider has it; otherwise disconnecting forgets the tokens here. */
  revocation: string | null;
  api: string;
  /** Where file contents are served when that is another host than the API's (Dropbox's content host). */
  content?: string;
  /** How the client authenticates at the token endpoint. */
  tokenAuth: 'basic' | 'post';
};

const FAMILY_ENDPOINTS: Record<ProviderFamily, FamilyEndpoints> = {
  google: {
    authorization: 'https://accounts.google.com/o/oauth2/v2/auth',
    token: 'https://oauth2.googleapis.com/token',
    revocation: 'https://oauth2.googleapis.com/revoke',
    api: 'https://www.googleapis.com',
    tokenAuth: 'post',
  },
  microsoft: {
    authorization: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    token: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    revocation: null,
    api: 'https://graph.microsoft.com/v1.0',
    tokenAuth: 'post',
  },
  dropbox: {
    authorization: 'https://www.dropbox.com/oauth2/authorize',
    token: 'https://api.dropboxapi.com/oauth2/token',
    revocation: null,
    api: 'https://api.dropboxapi.com/2',
    content: 'https://content.dropboxapi.com/2',
    tokenAuth: 'basic',
  },
  box: {
    authorization: 'https://account.box.com/api/oauth2/authorize',
    token: 'https://api.box.com/oauth2/token',
    revocation: 'https://api.box.com/oauth2/revoke',
    api: 'https://api.box.com/2.0',
    tokenAuth: 'post',
  },
  notion: {
    authorization: 'https://api.notion.com/v1/oauth/authorize',
    token: 'https://api.notion.com/v1/oauth/token',
    revocation: null,
    api: 'https://api.notion.com/v1',
    tokenAuth: 'basic',
  },
  linear: {
    authorization: 'https://linear.app/oauth/authorize',
    token: 'https://api.linear.app/oauth/token',
    revocation: 'https://api.linear.app/oauth/revoke',
    api: 'https://api.linear.app',
    tokenAuth: 'post',
  },
  github: {
    authorization: 'https://github.com/login/oauth/authorize',
    token: 'https://github.com/login/oauth/access_token',
    revocation: null,
    api: 'https://api.github.com',
    tokenAuth: 'post',
  },
  asana: {
    authorization: 'https://app.asana.com/-/oauth_authorize',
    token: 'https://app.asana.com/-/oauth_token',
    revocation: 'https://app.asana.com/-/oauth_revoke',
    api: 'https://app.asana.com/api/1.0',
    tokenAuth: 'post',
  },
  atlassian: {
    authorization: 'https://auth.atlassian.com/authorize',
    token: 'https://auth.atlassian.com/oauth/token',
    revocation: null,
    api: 'https://api.atlassian.com',
    tokenAuth: 'post',
  },
  slack: {
    authorization: 'https://slack.com/oauth/v2/authorize',
    token: 'https://slack.com/api/oauth.v2.access',
    revocation: null,
    api: 'https://slack.com/api',
    tokenAuth: 'post',
  },
};

/** What a connector asks the person to allow: read-only scopes, and any extra authorization parameters. */
export type ConnectorGrant = { scopes: readonly string[]; params?: Readonly<Record<string, string>>; scopeParam?: 'scope' | 'user_scope' };

const JIRA = ['read:jira-work', 'read:jira-user'];
const CONFLUENCE = ['read:confluence-content.all', 'read:confluence-space.summary', 'search:confluence'];
const ATLASSIAN_PARAMS = { audience: 'api.atlassian.com', prompt: 'consent' };
const GOOGLE_PARAMS = { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' };

export const CONNECTOR_GRANTS: Record<ConnectorName, ConnectorGrant> = {
  google_drive: { scopes: ['https://www.googleapis.com/auth/drive.readonly', 'openid', 'email'], params: GOOGLE_PARAMS },
  gmail: {
    scopes: [GMAIL_READONLY, CALENDAR_READONLY, 'openid', 'email'],
    params: GOOGLE_PARAMS,
  },
  onedrive: { scopes: ['offline_access', 'User.Read', 'Files.Read.All'] },
  sharepoint: { scopes: ['offline_access', 'User.Read', 'Sites.Read.All', 'Files.Read.All'] },
  // ChannelMember.Read.All: a channel's members are who may read its messages.
  microsoft_teams: {
    scopes: ['offline_access', 'User.Read', 'Team.ReadBasic.All', 'Channel.ReadBasic.All', 'ChannelMember.Read.All', 'ChannelMessage.Read.All'],
  },
  outlook: { scopes: ['offline_access', 'User.Read', 'Mail.Read', 'Calendars.Read'] },
  dropbox: { scopes: ['account_info.read', 'files.metadata.read', 'files.content.read', 'sharing.read'], params: { token_access_type: 'offline' } },
  box: { scopes: [] },
  notion: { scopes: [], params: { owner: 'user' } },
  linear: { scopes: ['read'] },
  github: { scopes: ['repo', 'read:org', 'read:user'] },
  asana: { scopes: ['default'] },
  atlassian: { scopes: [...JIRA, ...CONFLUENCE, 'offline_access'], params: ATLASSIAN_PARAMS },
  jira: { scopes: [...JIRA, 'offline_access'], params: ATLASSIAN_PARAMS },
  confluence: { scopes: [...CONFLUENCE, 'offline_access'], params: ATLASSIAN_PARAMS },
  slack: { scopes: ['channels:history', 'channels:read', 'groups:history', 'groups:read', 'users:read', 'team:read'], scopeParam: 'user_scope' },
};

/** A family's endpoints, each moved to `baseUrl`'s origin (same path) when one is configured. */
export function endpointsOf(family: ProviderFamily, baseUrl: string | null): FamilyEndpoints {
  const real = FAMILY_ENDPOINTS[family];
  if (!baseUrl) return real;
  const moved = (address: string) => {
    const u = new URL(address);
    return baseUrl.replace(/\/+$/, '') + (u.pathname === '/' ? '' : u.pathname) + u.search;
  };
  return {
    ...real,
    authorization: moved(real.authorization),
    token: moved(real.token),
    revocation: real.revocation && moved(real.revocation),
    api: moved(real.api),
    ...(real.content ? { content: moved(real.content) } : {}),
  };
}
