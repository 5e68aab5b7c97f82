// The identity providers a person can sign in with, from configuration: any OpenID Connect
// provider (issuer, client id and secret), Google, Microsoft and GitHub. Better Auth speaks to
// them (authorization code with PKCE and state; an OIDC provider's ID token verified against its
// published keys); this file says which are on and what their buttons are called.
import { genericOAuth } from 'better-auth/plugins';
import type { Config } from '../shared/config.js';

export type SignInProviders = Config['signInProviders'];
export type SignInProvider = { id: 'oidc' | 'google' | 'microsoft' | 'github'; name: string };

/** The configured providers, as the sign-in screen lists them (names only: never a secret). */
export function signInProviderList(p: SignInProviders | undefined): SignInProvider[] {
  if (!p) return [];
  return [
    ...(p.oidc ? [{ id: 'oidc' as const, name: p.oidc.name }] : []),
    ...(p.google ? [{ id: 'google' as const, name: 'Google' }] : []),
    ...(p.microsoft ? [{ id: 'microsoft' as const, name: 'Microsoft' }] : []),
    ...(p.github ? [{ id: 'github' as const, name: 'GitHub' }] : []),
  ];
}

/** Better Auth's built-in providers for Google, Microsoft and GitHub, those configured. */
export function socialProvidersOf(p: SignInProviders | undefined) {
  return {
    ...(p?.google ? { google: { clientId: p.google.clientId, clientSecret: p.google.clientSecret } } : {}),
    ...(p?.microsoft ? { microsoft: { clientId: p.microsoft.clientId, clientSecret: p.microsoft.clientSecret, tenantId: p.microsoft.tenantId } } : {}),
    ...(p?.github ? { github: { clientId: p.github.clientId, clientSecret: p.github.clientSecret } } : {}),
  };
}

/** A name for an account made at sign-in when the provider sent none: the address's local part. */
const nameFrom = (profile: Record<string, unknown>) =>
  [profile.name, profile.preferred_username, typeof profile.email === 'string' ? profile.email.split('@')[0] : null].find(
    (v): v is string => typeof v === 'string' && v.trim() !== '',
  ) ?? 'New user';

/** The configured OpenID Connect provider, found by its discovery document, as Better Auth's generic OAuth plugin. */
export function oidcPluginsOf(p: SignInProviders | undefined) {
  if (!p?.oidc) return [];
  return [
    genericOAuth({
      config: [
        {
          providerId: 'oidc',
          name: p.oidc.name,
          discoveryUrl: `${p.oidc.issuer}/.well-known/openid-configuration`,
          clientId: p.oidc.clientId,
          clientSecret: p.oidc.clientSecret,
          scopes: ['openid', 'email', 'profile'],
          // client_secret_basic: the token endpoint authentication every OpenID provider supports.
          authentication: 'basic',
          // The ID token is checked against the issuer's keys, its audience and the nonce.
          requireIdTokenVerification: true,
          mapProfileToUser: (profile) => ({ name: nameFrom(profile) }),
        },
      ],
    }),
  ];
}
