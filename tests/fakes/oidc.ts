// A real, certified OpenID provider (oidc-provider) on 127.0.0.1 for tests: one confidential test
// client whose redirect URIs the test gives, and a login page of its own (email and password of
// the known users it is started with) standing in for the provider's interaction; consent is
// given at once. Test code only.
import { Provider, type Configuration } from 'oidc-provider';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenLoopback, readBody } from './listen.js';

export type OidcUser = { sub: string; email: string; email_verified: boolean; name: string; password: string };
export const OIDC_CLIENT = { id: 'answer-engine-test', secret: 'test-client-secret-test-client-secret' };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const loginPage = (uid: string, error = '') => `<!doctype html><html><head><title>Test provider sign-in</title></head><body>
<h1>Sign in to the test provider</h1>${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label>Provider email <input name="email" type="email" autocomplete="off"></label>
<label>Provider password <input name="password" type="password"></label>
<button type="submit">Continue</button></form></body></html>`;

export async function startOidcProvider(opts: { redirectUris: string[]; users: OidcUser[] }) {
  const users = [...opts.users];
  let provider: Provider | undefined;
  const server = await listenLoopback((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const m = /^\/interaction\/([\w-]+)(\/login)?$/.exec(url.pathname);
    if (!m || !provider) return provider?.callback()(req, res);
    void interact(provider, req, res, m[1], !!m[2]).catch((err) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err));
    });
  });
  const configuration: Configuration = {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['test-provider-cookie-key-0123456789'] },
    findAccount: (_ctx, sub) => {
      const user = users.find((u) => u.sub === sub);
      if (!user) return undefined;
      return { accountId: sub, claims: () => ({ sub, email: user.email, email_verified: user.email_verified, name: user.name }) };
    },
  };
  provider = new Provider(server.url, configuration);

  async function interact(p: Provider, req: IncomingMessage, res: ServerResponse, uid: string, posted: boolean) {
    const details = await p.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    if (details.prompt.name === 'login') {
      if (!posted) return void res.writeHead(200, { 'content-type': 'text/html' }).end(loginPage(uid));
      const form = new URLSearchParams(await readBody(req));
      const user = users.find((u) => u.email === form.get('email') && u.password === form.get('password'));
      if (!user) return void res.writeHead(200, { 'content-type': 'text/html' }).end(loginPage(uid, 'Wrong email or password.'));
      return p.interactionFinished(req, res, { login: { accountId: user.sub } }, { mergeWithLastSubmission: false });
    }
    // Consent: the test client gets what it asked for.
    const { missingOIDCScope = [], missingOIDCClaims = [] } = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    const grant = details.grantId
      ? await p.Grant.find(details.grantId)
      : new p.Grant({ accountId: details.session!.accountId, clientId: details.params.client_id as string });
    grant!.addOIDCScope(missingOIDCScope.join(' '));
    grant!.addOIDCClaims(missingOIDCClaims);
    return p.interactionFinished(req, res, { consent: { grantId: await grant!.save() } }, { mergeWithLastSubmission: true });
  }

  return {
    issuer: server.url,
    /** Adds or changes a known user (by sub). */
    setUser: (user: OidcUser) => {
      const at = users.findIndex((u) => u.sub === user.sub);
      if (at >= 0) users[at] = user;
      else users.push(user);
    },
    close: server.close,
  };
}
