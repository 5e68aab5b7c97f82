// OAuth 2.0 with the providers (RFC 6749 authorization code, PKCE S256, state), through
// oauth4webapi: the authorization address, the code exchange that checks the state, refresh and
// revocation. Every call has a time limit; the addresses come from configuration (providers.ts).
// Slack's user tokens arrive under `authed_user` rather than at the top of its answer, so Slack's
// answer is read by hand after the same checks.
import * as oauth from 'oauth4webapi';
import type { ConnectorGrant, FamilyEndpoints } from './providers.js';
import type { ProviderFamily } from './registry.js';

export type OAuthClient = { family: ProviderFamily; endpoints: FamilyEndpoints; clientId: string; clientSecret: string };

/** What a token endpoint gave: the tokens, how long the access token lasts, and the provider's other fields. */
export type TokenSet = {
  accessToken: string;
  refreshToken: string | null;
  expiresInSeconds: number | null;
  scope: string | null;
  extra: Record<string, unknown>;
};

/** When a token expires by the caller's clock. */
export const expiryOf = (t: TokenSet, now: Date) => (t.expiresInSeconds === null ? null : new Date(now.getTime() + t.expiresInSeconds * 1000));

/** What the browser must bring back: kept by the server between leaving for the provider and returning. */
export type OAuthFlow = { state: string; codeVerifier: string };

const TIMEOUT_MS = 15_000;

/** The provider's error, or its silence, in a form the connection's reason can carry (never a token). */
export class ProviderAuthError extends Error {
  constructor(
    message: string,
    readonly providerError: string | null = null,
  ) {
    super(message);
    this.name = 'ProviderAuthError';
  }
}

function server(c: OAuthClient): oauth.AuthorizationServer {
  return {
    issuer: new URL(c.endpoints.authorization).origin,
    authorization_endpoint: c.endpoints.authorization,
    token_endpoint: c.endpoints.token,
    ...(c.endpoints.revocation ? { revocation_endpoint: c.endpoints.revocation } : {}),
  };
}

const clientAuth = (c: OAuthClient) => (c.endpoints.tokenAuth === 'basic' ? oauth.ClientSecretBasic(c.clientSecret) : oauth.ClientSecretPost(c.clientSecret));

/** http:// is allowed only for an address the operator configured as plain http (a LAN proxy, a test's fake). */
function requestOptions(c: OAuthClient) {
  const insecure = new URL(c.endpoints.token).protocol === 'http:';
  return { signal: AbortSignal.timeout(TIMEOUT_MS), ...(insecure ? { [oauth.allowInsecureRequests]: true } : {}) };
}

export function newFlow(): OAuthFlow {
  return { state: oauth.generateRandomState(), codeVerifier: oauth.generateRandomCodeVerifier() };
}

export async function authorizationUrl(c: OAuthClient, grant: ConnectorGrant, redirectUri: string, flow: OAuthFlow) {
  const url = new URL(c.endpoints.authorization);
  url.searchParams.set('client_id', c.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('response_type', 'code');
  if (grant.scopes.length) url.searchParams.set(grant.scopeParam ?? 'scope', grant.scopes.join(grant.scopeParam === 'user_scope' ? ',' : ' '));
  url.searchParams.set('state', flow.state);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(flow.codeVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  for (const [k, v] of Object.entries(grant.params ?? {})) url.searchParams.set(k, v);
  return url.toString();
}

/** The callback's parameters checked against the flow's state (a forged or mixed-up callback is refused), then the code exchanged. */
export async function exchangeCode(c: OAuthClient, callback: URLSearchParams, flow: OAuthFlow, redirectUri: string): Promise<TokenSet> {
  const as = server(c);
  const client: oauth.Client = { client_id: c.clientId };
  let params: URLSearchParams;
  try {
    params = oauth.validateAuthResponse(as, client, callback, flow.state);
  } catch (err) {
    if (err instanceof oauth.AuthorizationResponseError) throw new ProviderAuthError('the provider refused the authorization', err.error);
    throw new ProviderAuthError('the callback does not match the connection that was started');
  }
  const response = await call(() => oauth.authorizationCodeGrantRequest(as, client, clientAuth(c), params, redirectUri, flow.codeVerifier, requestOptions(c)));
  return tokensFrom(c, as, client, response);
}

export async function refreshTokens(c: OAuthClient, refreshToken: string): Promise<TokenSet> {
  const as = server(c);
  const client: oauth.Client = { client_id: c.clientId };
  const response = await call(() => oauth.refreshTokenGrantRequest(as, client, clientAuth(c), refreshToken, requestOptions(c)));
  const tokens = await tokensFrom(c, as, client, response, true);
  // A provider that does not rotate refresh tokens keeps the one it gave first.
  return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
}

/** Asks the provider to forget a token, where it can (RFC 7009); elsewhere forgetting it here is all there is. */
export async function revokeToken(c: OAuthClient, token: string) {
  if (!c.endpoints.revocation) return false;
  const response = await call(() => oauth.revocationRequest(server(c), { client_id: c.clientId }, clientAuth(c), token, requestOptions(c)));
  await oauth.processRevocationResponse(response).catch((err) => {
    throw new ProviderAuthError('the provider did not revoke the token', (err as { error?: string }).error ?? null);
  });
  return true;
}

async function call(request: () => Promise<Response>) {
  try {
    return await request();
  } catch (err) {
    const e = err as Error;
    throw new ProviderAuthError(
      e.name === 'TimeoutError' || e.name === 'AbortError' ? 'the provider did not answer in time' : 'the provider could not be reached',
    );
  }
}

async function tokensFrom(c: OAuthClient, as: oauth.AuthorizationServer, client: oauth.Client, response: Response, refreshing = false): Promise<TokenSet> {
  if (c.family === 'slack') return slackTokens(response);
  try {
    const r = refreshing ? await oauth.processRefreshTokenResponse(as, client, response) : await oauth.processAuthorizationCodeResponse(as, client, response);
    const { access_token, refresh_token, expires_in, scope, token_type: _type, ...extra } = r;
    return {
      accessToken: access_token,
      refreshToken: refresh_token ?? null,
      expiresInSeconds: typeof expires_in === 'number' ? expires_in : null,
      scope: scope ?? null,
      extra: extra as Record<string, unknown>,
    };
  } catch (err) {
    if (err instanceof oauth.ResponseBodyError) throw new ProviderAuthError('the provider refused the code', err.error);
    throw new ProviderAuthError('the provider answered with something that is not a token');
  }
}

/** Slack's oauth.v2.access: `ok` and the person's token under `authed_user` (user scopes). */
async function slackTokens(response: Response): Promise<TokenSet> {
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (body?.ok !== true) throw new ProviderAuthError('the provider refused the code', typeof body?.error === 'string' ? body.error : null);
  // A code exchange gives the person's token under `authed_user`; a refresh gives it at the top.
  const user = (body.authed_user ?? body) as Record<string, unknown> | undefined;
  const token = typeof user?.access_token === 'string' ? user.access_token : null;
  if (!token) throw new ProviderAuthError('the provider answered with something that is not a token');
  const expiresIn = typeof user?.expires_in === 'number' ? user.expires_in : null;
  return {
    accessToken: token,
    refreshToken: typeof user?.refresh_token === 'string' ? user.refresh_token : null,
    expiresInSeconds: expiresIn,
    scope: typeof user?.scope === 'string' ? user.scope : null,
    extra: { team: body.team, authed_user_id: user?.id ?? body.user_id },
  };
}
