// The rules of an organisation's single sign-on. Pure: the caller passes what it looked up (the
// TXT records at the proof's name, whether another organisation verified the domain, the sealed
// secret), the clock and the token.
import { DOMAIN, manager, type OrgActor } from './decide.js';
import { orgErrors } from './errors.js';
import type { OrgSsoConfigured, OrgSsoDomainClaimed, OrgSsoDomainVerified, OrgSsoRemoved, OrgState } from './events.js';
import { isPublicMailDomain } from './sso-public-mail-domains.js';

export const SSO_LIMITS = { issuer: 2048, client_id: 255, client_secret: 1024 } as const;

/** Where the proof lives and what it says: `_answer-sso.<domain>` TXT `answer-sso=<token>`. */
export const ssoTxtName = (domain: string) => `_answer-sso.${domain}`;
export const ssoTxtValue = (token: string) => `answer-sso=${token}`;

export function normalizeDomain(input: string) {
  const domain = input.trim().toLowerCase().replace(/^@/, '').replace(/\.$/, '');
  if (!DOMAIN.test(domain)) throw orgErrors.ssoInvalidDomain();
  if (isPublicMailDomain(domain)) throw orgErrors.ssoPublicDomain(domain);
  return domain;
}

/** The domain of an address, in lower case, or null when it is not an address. */
export function domainOfEmail(email: string) {
  const at = email.trim().lastIndexOf('@');
  if (at < 1) return null;
  const domain = email
    .trim()
    .slice(at + 1)
    .toLowerCase();
  return DOMAIN.test(domain) ? domain : null;
}

/**
 * Claiming a domain starts its proof with a fresh token. Claiming the same domain again keeps
 * the token (and the proof, if it was seen); another domain replaces the claim, unproven.
 */
export function decideSsoClaim(
  state: OrgState,
  cmd: { actor: OrgActor; domain: string; token: string; verifiedElsewhere: boolean; now: Date },
): OrgSsoDomainClaimed[] {
  manager(state, cmd.actor);
  const domain = normalizeDomain(cmd.domain);
  if (cmd.verifiedElsewhere) throw orgErrors.ssoDomainTaken();
  if (state.sso?.domain === domain) return [];
  return [
    {
      type: 'OrgSsoDomainClaimed',
      data: { org_uuid: state.org_uuid!, domain, token: cmd.token, claimed_by: cmd.actor.user_id, claimed_at: cmd.now.toISOString() },
    },
  ];
}

/** The domain is proven when one TXT record at its proof's name is exactly the expected value. */
export function decideSsoVerify(
  state: OrgState,
  cmd: { actor: OrgActor; txtRecords: readonly string[]; verifiedElsewhere: boolean; now: Date },
): OrgSsoDomainVerified[] {
  manager(state, cmd.actor);
  const sso = state.sso;
  if (!sso) throw orgErrors.ssoNotClaimed();
  if (sso.verified) return [];
  if (cmd.verifiedElsewhere) throw orgErrors.ssoDomainTaken();
  if (!cmd.txtRecords.some((r) => r.trim() === ssoTxtValue(sso.token))) throw orgErrors.ssoRecordMissing(ssoTxtName(sso.domain));
  return [
    {
      type: 'OrgSsoDomainVerified',
      data: { org_uuid: state.org_uuid!, domain: sso.domain, verified_by: cmd.actor.user_id, verified_at: cmd.now.toISOString() },
    },
  ];
}

/** An https issuer (or http where the operator allows private issuers, as tests do), without credentials, query or fragment. */
export function checkIssuer(input: string, allowInsecure: boolean) {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw orgErrors.ssoInvalidIssuer();
  }
  const schemeOk = url.protocol === 'https:' || (allowInsecure && url.protocol === 'http:');
  if (!schemeOk || url.username || url.password || url.search || url.hash || input.length > SSO_LIMITS.issuer) throw orgErrors.ssoInvalidIssuer();
  return url.toString().replace(/\/+$/, '');
}

/**
 * The provider of a verified domain. A new secret comes sealed; without one the sealed secret
 * already recorded stays (an admin changing the client id need not type the secret again).
 */
export function decideSsoConfigure(
  state: OrgState,
  cmd: { actor: OrgActor; issuer: string; client_id: string; client_secret_sealed: string | null; allowInsecure: boolean; now: Date },
): OrgSsoConfigured[] {
  manager(state, cmd.actor);
  const sso = state.sso;
  if (!sso) throw orgErrors.ssoNotClaimed();
  if (!sso.verified) throw orgErrors.ssoDomainUnverified();
  const issuer = checkIssuer(cmd.issuer, cmd.allowInsecure);
  const client_id = cmd.client_id.trim();
  const client_secret_sealed = cmd.client_secret_sealed ?? sso.provider?.client_secret_sealed ?? null;
  if (!client_id || client_id.length > SSO_LIMITS.client_id || !client_secret_sealed) throw orgErrors.ssoInvalidClient();
  const p = sso.provider;
  if (p && p.issuer === issuer && p.client_id === client_id && p.client_secret_sealed === client_secret_sealed) return [];
  return [
    {
      type: 'OrgSsoConfigured',
      data: { org_uuid: state.org_uuid!, issuer, client_id, client_secret_sealed, configured_by: cmd.actor.user_id, configured_at: cmd.now.toISOString() },
    },
  ];
}

export function decideSsoRemove(state: OrgState, cmd: { actor: OrgActor; now: Date }): OrgSsoRemoved[] {
  manager(state, cmd.actor);
  if (!state.sso) return [];
  return [{ type: 'OrgSsoRemoved', data: { org_uuid: state.org_uuid!, removed_by: cmd.actor.user_id, removed_at: cmd.now.toISOString() } }];
}

/**
 * A person the organisation's provider vouched for (verified address at its verified domain)
 * joins as a member, unless they already belong to this or another organisation: then nothing
 * is recorded and they are only signed in.
 */
export function decideSsoJoin(state: OrgState, cmd: { user_id: string; email: string; member_id: string; personOrg: string | null; now: Date }) {
  const sso = state.sso;
  if (!sso?.verified || !sso.provider) throw orgErrors.ssoNotConfigured();
  const email = cmd.email.toLowerCase();
  if (domainOfEmail(email) !== sso.domain) throw orgErrors.ssoSignInFailed();
  if (cmd.personOrg || Object.values(state.members).some((m) => m.user_id === cmd.user_id)) return [];
  return [
    {
      type: 'OrgMemberJoined' as const,
      data: {
        org_uuid: state.org_uuid!,
        invitation_id: `sso-${cmd.member_id}`,
        member_id: cmd.member_id,
        user_id: cmd.user_id,
        email,
        role: 'member' as const,
        joined_at: cmd.now.toISOString(),
      },
    },
  ];
}
