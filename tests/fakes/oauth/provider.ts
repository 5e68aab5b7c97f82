// A provider's OAuth 2.0 side on 127.0.0.1, at the same paths as the real one of its family
// (services/connectors/providers.ts): the authorization endpoint (which approves at once, or
// answers `access_denied` as a person's cancel does), the token endpoint (checks the client, the
// code, its redirect URI and the PKCE verifier against the challenge; refresh; rotation), the
// revocation endpoint, and the account ("who am I") calls of every family. Test-only.
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { endpointsOf } from '../../../services/connectors/providers.js';
import type { ProviderFamily } from '../../../services/shared/connector-families.js';
import { listenLoopback, readBody } from '../listen.js';

export type FakeAccount = { id: string; email: string; name: string };
type Grant = { clientId: string; redirectUri: string; challenge: string; account: FakeAccount; scope: string };
type Issued = { account: FakeAccount; expiresAt: number };

export type OAuthFake = Awaited<ReturnType<typeof startOAuthFake>>;

/** A provider's API beyond the account call (a Drive fake's files, say): answers and returns true, or returns false. */
export type FakeApi = (req: IncomingMessage, res: ServerResponse, path: string, url: URL, account: FakeAccount) => Promise<boolean> | boolean;

export async function startOAuthFake(opts: { family: ProviderFamily; clientId: string; clientSecret: string; accessTtlSeconds?: number; api?: FakeApi }) {
  const paths = endpointsOf(opts.family, 'http://fake.invalid');
  const path = (address: string | null) => (address ? new URL(address).pathname : null);
  const p = { authorize: path(paths.authorization), token: path(paths.token), revoke: path(paths.revocation), api: (path(paths.api) ?? '').replace(/\/$/, '') };
  const codes = new Map<string, Grant>();
  const access = new Map<string, Issued>();
  const refresh = new Map<string, FakeAccount>();
  const state = {
    /** Who approves at the provider next. */
    account: { id: 'acct-1', email: 'person@provider.example', name: 'Person at Provider' } as FakeAccount,
    /** The next authorization is cancelled by the person. */
    cancelNext: false,
    revoked: [] as string[],
    tokenRequests: 0,
    /** Calls of the API (the account call included), refused ones too. */
    apiRequests: 0,
    /** The scopes each token exchange asked for. */
    exchangedScopes: [] as string[],
    /** The scope the person leaves ticked at the next authorization (Google's granular consent); null: everything asked. */
    grantScope: null as string | null,
    /** Every token this fake issued, to prove none reaches a browser or a log. */
    issued: [] as string[],
    /** How long a token made by exchange (Box's picker key) lasts; null: as long as any other. 0 makes a key already past its expiry. */
    exchangeTtlSeconds: null as number | null,
  };
  const ttl = opts.accessTtlSeconds ?? 3600;

  function json(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }
  const newToken = (kind: string) => {
    const t = `${kind}-${randomBytes(18).toString('base64url')}`;
    state.issued.push(t);
    return t;
  };
  function tokens(account: FakeAccount, scope: string) {
    const accessToken = newToken('access');
    const refreshToken = newToken('refresh');
    access.set(accessToken, { account, expiresAt: Date.now() + ttl * 1000 });
    refresh.set(refreshToken, account);
    const body = { access_token: accessToken, refresh_token: refreshToken, token_type: 'Bearer', expires_in: ttl, scope };
    if (opts.family === 'notion') return { ...body, workspace_id: account.id, workspace_name: account.name, bot_id: `bot-${account.id}` };
    if (opts.family === 'slack') return { ok: true, team: { id: 'T1', name: 'Team' }, authed_user: { id: account.id, ...body, token_type: 'user' } };
    return body;
  }
  function clientOk(req: IncomingMessage, form: URLSearchParams) {
    const basic = req.headers.authorization?.startsWith('Basic ') ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString() : null;
    const [id, secret] = basic ? basic.split(':').map(decodeURIComponent) : [form.get('client_id'), form.get('client_secret')];
    return id === opts.clientId && secret === opts.clientSecret;
  }
  const tokenOf = (req: IncomingMessage) => req.headers.authorization?.replace(/^Bearer /, '') ?? '';
  function bearer(req: IncomingMessage) {
    const issued = access.get(tokenOf(req));
    return issued && issued.expiresAt > Date.now() ? issued.account : null;
  }

  function exchange(res: ServerResponse, form: URLSearchParams) {
    const subject = access.get(form.get('subject_token') ?? '');
    if (!subject || subject.expiresAt <= Date.now() || form.get('subject_token_type') !== 'urn:ietf:params:oauth:token-type:access_token')
      return json(res, 400, { error: 'invalid_grant' });
    state.exchangedScopes.push(form.get('scope') ?? '');
    const accessToken = newToken('downscoped');
    const lasts = state.exchangeTtlSeconds ?? ttl;
    access.set(accessToken, { account: subject.account, expiresAt: Date.now() + lasts * 1000 });
    return json(res, 200, {
      access_token: accessToken,
      expires_in: lasts,
      token_type: 'bearer',
      issued_token_type: 'urn:ietf:params:oauth:token-type:access_token',
    });
  }

  const fake = await listenLoopback(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    if (req.method === 'GET' && url.pathname === p.authorize) {
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      const back = new URL(redirectUri);
      const st = url.searchParams.get('state');
      if (st) back.searchParams.set('state', st);
      if (state.cancelNext || url.searchParams.get('client_id') !== opts.clientId || url.searchParams.get('code_challenge_method') !== 'S256') {
        state.cancelNext = false;
        back.searchParams.set('error', 'access_denied');
      } else {
        const code = randomBytes(12).toString('hex');
        codes.set(code, {
          clientId: opts.clientId,
          redirectUri,
          challenge: url.searchParams.get('code_challenge') ?? '',
          account: state.account,
          scope: state.grantScope ?? url.searchParams.get('scope') ?? url.searchParams.get('user_scope') ?? '',
        });
        back.searchParams.set('code', code);
      }
      res.writeHead(302, { location: back.toString() });
      res.end();
      return;
    }
    if (req.method === 'POST' && url.pathname === p.token) {
      state.tokenRequests++;
      const form = new URLSearchParams(await readBody(req));
      // RFC 8693 token exchange (Box's downscoped tokens): the subject token is the credential.
      if (form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:token-exchange') return exchange(res, form);
      if (!clientOk(req, form)) return json(res, 401, { error: 'invalid_client' });
      if (form.get('grant_type') === 'authorization_code') {
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (!grant || grant.redirectUri !== form.get('redirect_uri') || grant.challenge !== challenge) return json(res, 400, { error: 'invalid_grant' });
        return json(res, 200, tokens(grant.account, grant.scope));
      }
      if (form.get('grant_type') === 'refresh_token') {
        const account = refresh.get(form.get('refresh_token') ?? '');
        if (!account) return json(res, 400, { error: 'invalid_grant' });
        refresh.delete(form.get('refresh_token') ?? '');
        return json(res, 200, tokens(account, ''));
      }
      return json(res, 400, { error: 'unsupported_grant_type' });
    }
    if (req.method === 'POST' && p.revoke && url.pathname === p.revoke) {
      const form = new URLSearchParams(await readBody(req));
      if (!clientOk(req, form)) return json(res, 401, { error: 'invalid_client' });
      const token = form.get('token') ?? '';
      state.revoked.push(token);
      access.delete(token);
      refresh.delete(token);
      res.writeHead(200);
      res.end();
      return;
    }
    if (url.pathname.startsWith(p.api)) {
      const account = bearer(req);
      state.apiRequests++;
      // Slack answers a refused token with HTTP 200 and `ok: false`, as it answers all its errors.
      if (!account && opts.family === 'slack') return json(res, 200, { ok: false, error: access.has(tokenOf(req)) ? 'token_expired' : 'invalid_auth' });
      if (!account) return json(res, 401, { error: 'invalid_token' });
      if (opts.api && (await opts.api(req, res, url.pathname.slice(p.api.length), url, account))) return;
      // Every family's account call, answered in the shape its adapter reads.
      const me = { id: account.id, email: account.email, name: account.name, login: account.email, mail: account.email, account_id: account.id };
      switch (url.pathname.slice(p.api.length)) {
        case '/oauth2/v2/userinfo':
        case '/me':
        case '/users/get_current_account':
        case '/user':
          return json(res, 200, me);
        case '/users/me':
          return json(res, 200, opts.family === 'asana' ? { data: { gid: account.id, email: account.email, name: account.name } } : me);
        case '/graphql':
          return json(res, 200, { data: { viewer: me } });
        case '/auth.test':
          return json(res, 200, { ok: true, user_id: account.id, team_id: 'T1', user: account.name, team: 'Team' });
      }
    }
    json(res, 404, { error: 'not_found' });
  });
  /** Tokens for `account` as a finished authorization would give (for tests of what comes after it). */
  const grant = (account: FakeAccount = state.account) => {
    const t = tokens(account, '') as { access_token?: string; refresh_token?: string; authed_user?: { access_token: string; refresh_token: string } };
    return { accessToken: t.access_token ?? t.authed_user?.access_token ?? '', refreshToken: t.refresh_token ?? t.authed_user?.refresh_token ?? '' };
  };
  /** Makes an access token expire now, as a provider's clock would. */
  const expire = (accessToken: string) => {
    const issued = access.get(accessToken);
    if (issued) issued.expiresAt = 0;
  };
  /** Every access token issued so far expires now (a sync's token running out in the middle). */
  const expireAll = () => {
    for (const issued of access.values()) issued.expiresAt = 0;
  };
  return { url: fake.url, close: fake.close, state, grant, expire, expireAll };
}
