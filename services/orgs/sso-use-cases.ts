// Organisation single sign-on settings as use cases: an owner or admin claims the domain, proves
// it by a DNS TXT record, and names the provider (tested before it is kept). Each takes the one
// Actor; the sign-in flow itself, cookies and redirects, stays at the edge (sso-routes.ts).
import { randomBytes } from 'node:crypto';
import type { Actor } from '../shared/actor.js';
import { ConcurrencyError } from '../eventstore/types.js';
import type { OrgsContext } from './context.js';
import { manager } from './decide.js';
import { orgErrors } from './errors.js';
import { orgFacts } from './member-use-cases.js';
import { domainVerifiedElsewhere, ssoOf } from './queries.js';
import { discover, probeClient } from './sso-client.js';
import { checkIssuer, decideSsoClaim, decideSsoConfigure, decideSsoRemove, decideSsoVerify, ssoTxtName, ssoTxtValue } from './sso-decide.js';
import { decideOrg, orgState } from './use-cases.js';

const SECRET_PURPOSE = 'org-sso-client-secret';
type SsoRow = NonNullable<Awaited<ReturnType<typeof ssoOf>>>;

export const redirectUriOf = (ctx: OrgsContext) => `${ctx.config.publicUrl}/api/auth/sso/callback`;
export const network = (ctx: OrgsContext) => ({ allowPrivate: ctx.sso.allowPrivateIssuers, lookup: ctx.sso.lookup });

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

/** The provider of an active single sign-on, its secret opened, or null. */
export async function activeProvider(ctx: OrgsContext, row: SsoRow | undefined) {
  if (!row?.verified_at || !row.issuer || !row.client_id || !row.client_secret_sealed) return null;
  return { issuer: row.issuer, client_id: row.client_id, client_secret: await ctx.sso.box.open(SECRET_PURPOSE, row.client_secret_sealed) };
}

/** The organisation as its owner or admin acting on it; a member is refused, anyone else told it does not exist. */
async function asManager(ctx: OrgsContext, orgUuid: string, actor: Actor) {
  const facts = await orgFacts(actor);
  const state = await orgState(ctx.store, orgUuid);
  manager(state, facts);
  return { facts, state };
}

export async function ssoSettings(ctx: OrgsContext, actor: Actor, orgUuid: string) {
  await asManager(ctx, orgUuid, actor);
  return ssoView(ctx, await ssoOf(ctx.db, orgUuid));
}

export async function claimSsoDomain(ctx: OrgsContext, actor: Actor, orgUuid: string, typed: string) {
  const facts = await orgFacts(actor);
  const domain = typed.trim().toLowerCase().replace(/^@/, '');
  const verifiedElsewhere = await domainVerifiedElsewhere(ctx.db, domain, orgUuid);
  const token = randomBytes(24).toString('base64url');
  await decideOrg(ctx.store, orgUuid, (state) => decideSsoClaim(state, { actor: facts, domain, token, verifiedElsewhere, now: ctx.now() }));
  return ssoView(ctx, await ssoOf(ctx.db, orgUuid));
}

export async function verifySsoDomain(ctx: OrgsContext, actor: Actor, orgUuid: string) {
  const { facts, state } = await asManager(ctx, orgUuid, actor);
  if (!state.sso) throw orgErrors.ssoNotClaimed();
  const domain = state.sso.domain;
  let txtRecords: string[] = [];
  if (!state.sso.verified)
    txtRecords = await ctx.sso.resolveTxt(ssoTxtName(domain)).catch((err) => {
      ctx.logger.warn({ err, domain }, 'TXT lookup failed');
      throw orgErrors.ssoDnsUnavailable();
    });
  const verifiedElsewhere = await domainVerifiedElsewhere(ctx.db, domain, orgUuid);
  try {
    await decideOrg(ctx.store, orgUuid, (s) => decideSsoVerify(s, { actor: facts, txtRecords, verifiedElsewhere, now: ctx.now() }));
  } catch (err) {
    // Two organisations verifying one domain at once: the read model's unique index refuses the
    // second append (the store reports it as a conflict); the domain is then the other's.
    if (err instanceof ConcurrencyError && (await domainVerifiedElsewhere(ctx.db, domain, orgUuid))) throw orgErrors.ssoDomainTaken();
    throw err;
  }
  return ssoView(ctx, await ssoOf(ctx.db, orgUuid));
}

export async function configureSso(
  ctx: OrgsContext,
  actor: Actor,
  orgUuid: string,
  input: { issuer: string; client_id: string; client_secret?: string | null },
) {
  // Who may, and whether the domain is proven, before this server calls any address typed here.
  const { facts, state } = await asManager(ctx, orgUuid, actor);
  if (!state.sso) throw orgErrors.ssoNotClaimed();
  if (!state.sso.verified) throw orgErrors.ssoDomainUnverified();
  const issuer = checkIssuer(input.issuer, ctx.sso.allowPrivateIssuers);
  const kept = state.sso.provider?.client_secret_sealed;
  const clientSecret = input.client_secret ?? (kept ? await ctx.sso.box.open(SECRET_PURPOSE, kept) : null);
  if (!clientSecret || !input.client_id.trim()) throw orgErrors.ssoInvalidClient();
  // The test: the issuer answers with a discovery document for itself, and its token endpoint
  // accepts the client's credentials.
  const config = await discover({ issuer, client_id: input.client_id.trim(), client_secret: clientSecret }, network(ctx));
  await probeClient(config, redirectUriOf(ctx));
  const sealed = input.client_secret ? await ctx.sso.box.seal(SECRET_PURPOSE, input.client_secret) : null;
  await decideOrg(ctx.store, orgUuid, (s) =>
    decideSsoConfigure(s, {
      actor: facts,
      issuer,
      client_id: input.client_id,
      client_secret_sealed: sealed,
      allowInsecure: ctx.sso.allowPrivateIssuers,
      now: ctx.now(),
    }),
  );
  return ssoView(ctx, await ssoOf(ctx.db, orgUuid));
}

export async function removeSso(ctx: OrgsContext, actor: Actor, orgUuid: string) {
  const facts = await orgFacts(actor);
  await decideOrg(ctx.store, orgUuid, (state) => decideSsoRemove(state, { actor: facts, now: ctx.now() }));
  return ssoView(ctx, undefined);
}
