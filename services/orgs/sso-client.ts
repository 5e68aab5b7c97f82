// An organisation's OpenID provider, through openid-client (a certified relying party): its
// discovery document, the authorization address (code flow with PKCE S256, state and nonce),
// and the code exchange that checks the state, the ID token's signature, issuer, audience and
// nonce. Every call goes through sso-fetch.ts.
import * as oidc from 'openid-client';
import { orgErrors } from './errors.js';
import { guardedFetch, type HostLookup, SsoFetchRefused } from './sso-fetch.js';

export type SsoProvider = { issuer: string; client_id: string; client_secret: string };
export type SsoNetwork = { allowPrivate: boolean; lookup?: HostLookup };

/** What sign-in must remember between leaving for the provider and coming back. */
export type SsoFlow = { state: string; nonce: string; code_verifier: string };

/** The provider's configuration from its discovery document, or a refusal an admin can act on. */
export async function discover(p: SsoProvider, net: SsoNetwork) {
  try {
    return await oidc.discovery(new URL(p.issuer), p.client_id, { client_secret: p.client_secret }, oidc.ClientSecretBasic(p.client_secret), {
      [oidc.customFetch]: guardedFetch(net),
      timeout: 10,
      execute: net.allowPrivate ? [oidc.allowInsecureRequests] : [],
    });
  } catch (err) {
    const refused = refusalIn(err);
    if (refused) throw refused.reason === 'scheme' ? orgErrors.ssoInvalidIssuer() : orgErrors.ssoIssuerRefused();
    throw orgErrors.ssoIssuerUnreachable(describe(err));
  }
}

/** The guard's refusal, however deep openid-client and fetch wrapped it. */
function refusalIn(err: unknown): SsoFetchRefused | null {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) if (e instanceof SsoFetchRefused) return e;
  return null;
}

/** A short reason for an admin, never a secret (openid-client's messages name no credentials). */
function describe(err: unknown) {
  const e = err as { code?: string; message?: string; name?: string };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return 'it did not answer in time.';
  return `${(e.message ?? 'it could not be reached').slice(0, 200)}.`;
}

/**
 * Tests the client id and secret without a person: a token request with a code that cannot be
 * valid. A provider checks the client before the code, so `invalid_client` (or
 * `unauthorized_client`) means the credentials are wrong; any other refusal (`invalid_grant`)
 * means they were accepted.
 */
export async function probeClient(config: oidc.Configuration, redirectUri: string) {
  try {
    await oidc.genericGrantRequest(config, 'authorization_code', { code: 'answer-engine-credentials-probe', redirect_uri: redirectUri });
  } catch (err) {
    if (err instanceof oidc.ResponseBodyError) {
      if (err.error === 'invalid_client' || err.error === 'unauthorized_client') throw orgErrors.ssoClientRejected();
      return;
    }
    // A 401 with a WWW-Authenticate challenge: the client's credentials were refused.
    if (err instanceof oidc.WWWAuthenticateChallengeError) {
      if (err.status === 401 || err.cause.some((c) => c.parameters.error === 'invalid_client')) throw orgErrors.ssoClientRejected();
      return;
    }
    if (refusalIn(err)) throw orgErrors.ssoIssuerRefused();
    throw orgErrors.ssoIssuerUnreachable(describe(err));
  }
  // A token for a made-up code: not a provider to trust.
  throw orgErrors.ssoIssuerUnreachable('it accepted a code it never issued.');
}

export async function authorizationUrl(config: oidc.Configuration, redirectUri: string, loginHint: string) {
  const flow: SsoFlow = { state: oidc.randomState(), nonce: oidc.randomNonce(), code_verifier: oidc.randomPKCECodeVerifier() };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(flow.code_verifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
    login_hint: loginHint,
  });
  return { url: url.toString(), flow };
}

export type VerifiedPerson = { sub: string; email: string; email_verified: boolean; name: string | null };

/**
 * Exchanges the code the browser came back with and says who the provider vouches for: the ID
 * token's claims, completed from the userinfo endpoint (same subject) when the token leaves the
 * address out, as providers may for the code flow.
 */
export async function finish(config: oidc.Configuration, callbackUrl: URL, flow: SsoFlow): Promise<VerifiedPerson> {
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: flow.code_verifier,
    expectedState: flow.state,
    expectedNonce: flow.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw orgErrors.ssoSignInFailed();
  let info: Record<string, unknown> = claims;
  if (typeof claims.email !== 'string') info = { ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
  const email = typeof info.email === 'string' ? info.email : '';
  const name = typeof info.name === 'string' && info.name.trim() ? info.name.trim() : null;
  return { sub: claims.sub, email, email_verified: info.email_verified === true, name };
}
