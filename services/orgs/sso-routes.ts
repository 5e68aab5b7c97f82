// Organisation single sign-on over HTTP: an owner or admin claims the domain, proves it, names
// the provider (the settings calls under /rest/organizations/{org_uuid}/sso), and people at the
// domain sign in through it (/api/auth/sign-in/sso, then the provider, then /api/auth/sso/callback).
import { randomUUID } from 'node:crypto';
import { orgOf, signInVerifiedIdentity } from '../identity/index.js';
import type { DomainRoutes, ReplyHeaders } from '../http/handler.js';
import type { RequestHeaders } from '../shared/actor.js';
import { DomainError } from '../shared/domain-error.js';
import type { OrgsContext } from './context.js';
import { orgErrors } from './errors.js';
import { ssoClaimsOfDomain, ssoOf } from './queries.js';
import { authorizationUrl, discover, finish, type SsoFlow } from './sso-client.js';
import { decideSsoJoin, domainOfEmail } from './sso-decide.js';
import { activeProvider, claimSsoDomain, configureSso, network, redirectUriOf, removeSso, ssoSettings, verifySsoDomain } from './sso-use-cases.js';
import { decideOrg } from './use-cases.js';

/** The sign-in flow's cookie: sealed, HttpOnly, sent back only to the callback, for ten minutes. */
const FLOW_COOKIE = 'answer_sso_flow';
const FLOW_MINUTES = 10;
const FLOW_PURPOSE = 'org-sso-flow';
const SIGN_IN_FAILED_PATH = '/auth/error';

type FlowCookie = SsoFlow & { org_uuid: string; callback_path: string; expires_at: number };

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

export const ssoRoutes = {
  async getOrgSso({ actor, path }, ctx) {
    return { status: 200, body: await ssoSettings(ctx, actor, path.org_uuid) };
  },
  async claimOrgSsoDomain({ actor, body, path }, ctx) {
    return { status: 200, body: await claimSsoDomain(ctx, actor, path.org_uuid, body.domain) };
  },
  async verifyOrgSsoDomain({ actor, path }, ctx) {
    return { status: 200, body: await verifySsoDomain(ctx, actor, path.org_uuid) };
  },
  async configureOrgSso({ actor, body, path }, ctx) {
    return { status: 200, body: await configureSso(ctx, actor, path.org_uuid, body) };
  },
  async removeOrgSso({ actor, path }, ctx) {
    return { status: 200, body: await removeSso(ctx, actor, path.org_uuid) };
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
