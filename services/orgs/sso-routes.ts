// Organisation single sign-on over HTTP: an owner or admin claims the domain, proves it, names
// the provider (the settings calls under /rest/organizations/{org_uuid}/sso), and people at the
// domain sign in through it (/api/auth/sign-in/sso, then the provider, then /api/auth/sso/callback).
import { randomBytes, randomUUID } from 'node:crypto';
import { orgOf, signInVerifiedIdentity } from '../identity/index.js';
import type { DomainRoutes, ReplyHeaders } from '../http/handler.js';
import type { RequestHeaders } from '../shared/actor.js';
import { DomainError } from '../shared/domain-error.js';
import { ConcurrencyError } from '../eventstore/types.js';
import type { OrgsContext } from './context.js';
import { manager } from './decide.js';
import { orgErrors } from './errors.js';
import { domainVerifiedElsewhere, ssoClaimsOfDomain, ssoOf } from './queries.js';
import { orgActor } from './routes.js';
import { authorizationUrl, discover, finish, probeClient, type SsoFlow } from './sso-client.js';
import {
  checkIssuer,
  decideSsoClaim,
  decideSsoConfigure,
  decideSsoJoin,
  decideSsoRemove,
  decideSsoVerify,
  domainOfEmail,
  ssoTxtName,
  ssoTxtValue,
} from './sso-decide.js';
import { decideOrg, orgState } from './use-cases.js';

/** The sign-in flow's cookie: sealed, HttpOnly, sent back only to the callback, for ten minutes. */
const FLOW_COOKIE = 'answer_sso_flow';
const FLOW_MINUTES = 10;
const SECRET_PURPOSE = 'org-sso-client-secret';
const FLOW_PURPOSE = 'org-sso-flow';
const SIGN_IN_FAILED_PATH = '/auth/error';

type FlowCookie = SsoFlow & { org_uuid: string; callback_path: string; expires_at: number };
type SsoRow = NonNullable<Awaited<ReturnType<typeof ssoOf>>>;

const redirectUriOf = (ctx: OrgsContext) => `${ctx.config.publicUrl}/api/auth/sso/callback`;
const network = (ctx: OrgsContext) => ({ allowPrivate: ctx.sso.allowPrivateIssuers, lookup: ctx.sso.lookup });

function ssoView(ctx: OrgsContext, row: SsoRow | undefined) {
  return {
    domain: row?.domain ?? null,
    txt_name: row ? ssoTxtName(row.domain) : null,
    txt_value: row ? ssoTxtValue(row.token) : null,
    domain_verified: !!row?.verified_at,
    issuer: row?.issuer ?? null,
    client_id: row?.client_id ?? null,
    client_secret_set: !!row?.client_secret_sealed,
    redirect_uri: redirectUriOf(ctx),
    active: !!row?.verified_at && !!row?.issuer,
  };
}

/** The organisation as its owner or admin acting on it; a member is refused, anyone else told it does not exist. */
async function asManager(ctx: OrgsContext, orgUuid: string, requestActor: Parameters<typeof orgActor>[0]) {
  const actor = await orgActor(requestActor);
  const state = await orgState(ctx.store, orgUuid);
  manager(state, actor);
  return { actor, state };
}

function cookieOf(headers: RequestHeaders, name: string) {
  const raw = headers.cookie;
  const header = Array.isArray(raw) ? raw.join('; ') : (raw ?? '');
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

function flowCookie(ctx: OrgsContext, value: string, maxAge: number) {
  const secure = ctx.config.publicUrl.startsWith('https://') ? '; Secure' : '';
  return `${FLOW_COOKIE}=${value}; Path=/api/auth/sso; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

/** The provider of an active single sign-on, its secret opened, or null. */
async function activeProvider(ctx: OrgsContext, row: SsoRow | undefined) {
  if (!row?.verified_at || !row.issuer || !row.client_id || !row.client_secret_sealed) return null;
  return { issuer: row.issuer, client_id: row.client_id, client_secret: await ctx.sso.box.open(SECRET_PURPOSE, row.client_secret_sealed) };
}

export const ssoRoutes = {
  async getOrgSso({ actor, path }, ctx) {
    await asManager(ctx, path.org_uuid, actor);
    return { status: 200, body: ssoView(ctx, await ssoOf(ctx.db, path.org_uuid)) };
  },

  async claimOrgSsoDomain({ actor: requestActor, body, path }, ctx) {
    const actor = await orgActor(requestActor);
    const domain = body.domain.trim().toLowerCase().replace(/^@/, '');
    const verifiedElsewhere = await domainVerifiedElsewhere(ctx.db, domain, path.org_uuid);
    const token = randomBytes(24).toString('base64url');
    await decideOrg(ctx.store, path.org_uuid, (state) => decideSsoClaim(state, { actor, domain, token, verifiedElsewhere, now: ctx.now() }));
    return { status: 200, body: ssoView(ctx, await ssoOf(ctx.db, path.org_uuid)) };
  },

  async verifyOrgSsoDomain({ actor: requestActor, path }, ctx) {
    const { actor, state } = await asManager(ctx, path.org_uuid, requestActor);
    if (!state.sso) throw orgErrors.ssoNotClaimed();
    const domain = state.sso.domain;
    let txtRecords: string[] = [];
    if (!state.sso.verified)
      txtRecords = await ctx.sso.resolveTxt(ssoTxtName(domain)).catch((err) => {
        ctx.logger.warn({ err, domain }, 'TXT lookup failed');
        throw orgErrors.ssoDnsUnavailable();
      });
    const verifiedElsewhere = await domainVerifiedElsewhere(ctx.db, domain, path.org_uuid);
    try {
      await decideOrg(ctx.store, path.org_uuid, (s) => decideSsoVerify(s, { actor, txtRecords, verifiedElsewhere, now: ctx.now() }));
    } catch (err) {
      // Two organisations verifying one domain at once: the read model's unique index refuses the
      // second append (the store reports it as a conflict); the domain is then the other's.
      if (err instanceof ConcurrencyError && (await domainVerifiedElsewhere(ctx.db, domain, path.org_uuid))) throw orgErrors.ssoDomainTaken();
      throw err;
    }
    return { status: 200, body: ssoView(ctx, await ssoOf(ctx.db, path.org_uuid)) };
  },

  async configureOrgSso({ actor: requestActor, body, path }, ctx) {
    // Who may, and whether the domain is proven, before this server calls any address typed here.
    const { actor, state } = await asManager(ctx, path.org_uuid, requestActor);
    if (!state.sso) throw orgErrors.ssoNotClaimed();
    if (!state.sso.verified) throw orgErrors.ssoDomainUnverified();
    const issuer = checkIssuer(body.issuer, ctx.sso.allowPrivateIssuers);
    const kept = state.sso.provider?.client_secret_sealed;
    const clientSecret = body.client_secret ?? (kept ? await ctx.sso.box.open(SECRET_PURPOSE, kept) : null);
    if (!clientSecret || !body.client_id.trim()) throw orgErrors.ssoInvalidClient();
    // The test: the issuer answers with a discovery document for itself, and its token endpoint
    // accepts the client's credentials.
    const config = await discover({ issuer, client_id: body.client_id.trim(), client_secret: clientSecret }, network(ctx));
    await probeClient(config, redirectUriOf(ctx));
    const sealed = body.client_secret ? await ctx.sso.box.seal(SECRET_PURPOSE, body.client_secret) : null;
    await decideOrg(ctx.store, path.org_uuid, (s) =>
      decideSsoConfigure(s, {
        actor,
        issuer,
        client_id: body.client_id,
        client_secret_sealed: sealed,
        allowInsecure: ctx.sso.allowPrivateIssuers,
        now: ctx.now(),
      }),
    );
    return { status: 200, body: ssoView(ctx, await ssoOf(ctx.db, path.org_uuid)) };
  },

  async removeOrgSso({ actor: requestActor, path }, ctx) {
    const actor = await orgActor(requestActor);
    await decideOrg(ctx.store, path.org_uuid, (state) => decideSsoRemove(state, { actor, now: ctx.now() }));
    return { status: 200, body: ssoView(ctx, undefined) };
  },

  async signInSso({ body }, ctx) {
    const domain = domainOfEmail(body.email);
    if (!domain) throw orgErrors.invalidEmail();
    const claims = await ssoClaimsOfDomain(ctx.db, domain);
    const verified = claims.find((c) => c.verified_at);
    if (!verified) throw claims.length ? orgErrors.ssoDomainUnverified() : orgErrors.ssoNotConfigured();
    const provider = await activeProvider(ctx, await ssoOf(ctx.db, verified.org_uuid));
    if (!provider) throw orgErrors.ssoNotConfigured();
    const config = await discover(provider, network(ctx));
    const { url, flow } = await authorizationUrl(config, redirectUriOf(ctx), body.email.trim());
    const cookie: FlowCookie = {
      ...flow,
      org_uuid: verified.org_uuid,
      callback_path: body.callback_path ?? '/',
      expires_at: ctx.now().getTime() + FLOW_MINUTES * 60_000,
    };
    const sealed = await ctx.sso.box.seal(FLOW_PURPOSE, JSON.stringify(cookie));
    return { status: 200, body: { url }, headers: { 'set-cookie': [flowCookie(ctx, sealed, FLOW_MINUTES * 60)] } };
  },

  async ssoCallback({ actor, query, headers }, ctx) {
    const clear = flowCookie(ctx, '', 0);
    const failed = (code: string) => ({
      redirect: `${ctx.config.publicUrl}${SIGN_IN_FAILED_PATH}?error=${code}`,
      status: 302 as const,
      headers: { 'set-cookie': [clear] },
    });
    const flow = await readFlow(ctx, cookieOf(headers, FLOW_COOKIE));
    if (!flow) return failed('sso_state_mismatch');
    if (query.error) return failed('sso_sign_in_failed');
    const row = await ssoOf(ctx.db, flow.org_uuid);
    const provider = await activeProvider(ctx, row);
    if (!row || !provider) return failed('sso_not_configured');

    let person: Awaited<ReturnType<typeof finish>>;
    try {
      const config = await discover(provider, network(ctx));
      const callbackUrl = new URL(redirectUriOf(ctx));
      for (const [k, v] of Object.entries(query as Record<string, string | undefined>)) if (v !== undefined) callbackUrl.searchParams.set(k, v);
      person = await finish(config, callbackUrl, flow);
    } catch (err) {
      ctx.logger.warn({ err, org: flow.org_uuid }, 'single sign-on: the provider response was refused');
      return failed('sso_sign_in_failed');
    }
    // The provider vouches only for addresses it verified, and only at the organisation's own domain.
    if (!person.email_verified) return failed('sso_email_unverified');
    if (domainOfEmail(person.email) !== row.domain) return failed('sso_wrong_domain');

    let signedIn: Awaited<ReturnType<typeof signInVerifiedIdentity>>;
    try {
      signedIn = await signInVerifiedIdentity(
        ctx,
        { provider_id: `sso-${flow.org_uuid}`, account_id: person.sub, email: person.email.toLowerCase(), name: person.name ?? person.email.split('@')[0] },
        { headers, visitorId: actor.visitorId },
      );
    } catch (err) {
      if (err instanceof DomainError) return failed(err.code);
      ctx.logger.error({ err }, 'single sign-on: signing in failed');
      return failed('sso_sign_in_failed');
    }
    const personOrg = await orgOf(ctx.db, signedIn.user_id);
    await decideOrg(ctx.store, flow.org_uuid, (state) =>
      decideSsoJoin(state, { user_id: signedIn.user_id, email: signedIn.email, member_id: randomUUID(), personOrg, now: ctx.now() }),
    );
    // The session now has an organisation.
    ctx.forgetSessions();
    const replyHeaders: ReplyHeaders = { 'set-cookie': [...signedIn.cookies, clear] };
    return { redirect: `${ctx.config.publicUrl}${flow.callback_path}`, status: 302, headers: replyHeaders };
  },
} satisfies DomainRoutes<OrgsContext>;

/** The flow this browser started, unexpired, or null (no cookie, tampered, or too old). */
async function readFlow(ctx: OrgsContext, sealed: string | null): Promise<FlowCookie | null> {
  if (!sealed) return null;
  try {
    const flow = JSON.parse(await ctx.sso.box.open(FLOW_PURPOSE, sealed)) as FlowCookie;
    return flow.expires_at > ctx.now().getTime() ? flow : null;
  } catch {
    return null;
  }
}
