import { describe, expect, it } from 'vitest';
import { decider, refused } from '../../tests/support/decider.js';
import { decideCreate, type OrgActor } from './decide.js';
import { evolveOrg, initialOrg, type OrgEvent, type OrgRole } from './events.js';
import {
  checkIssuer,
  decideSsoClaim,
  decideSsoConfigure,
  decideSsoJoin,
  decideSsoRemove,
  decideSsoVerify,
  domainOfEmail,
  normalizeDomain,
  ssoTxtName,
  ssoTxtValue,
} from './sso-decide.js';
import { isPublicMailDomain } from './sso-public-mail-domains.js';

const now = new Date('2026-05-06T07:08:09Z');
const at = now.toISOString();
const ORG = 'org-1';
const ada: OrgActor = { user_id: 'ada', email: 'ada@acme.test' };
const bob: OrgActor = { user_id: 'bob', email: 'bob@acme.test' };
const eve: OrgActor = { user_id: 'eve', email: 'eve@evil.test' };
const org = decider(evolveOrg, initialOrg);

const created = decideCreate(initialOrg, { org_uuid: ORG, name: 'Acme', slug: 'acme', actor: { ...ada, account_email: ada.email! }, member_id: 'm-ada', now });
const joined = (who: OrgActor, role: OrgRole): OrgEvent[] => [
  {
    type: 'OrgMemberJoined',
    data: { org_uuid: ORG, invitation_id: `i-${who.user_id}`, member_id: `m-${who.user_id}`, user_id: who.user_id, email: who.email!, role, joined_at: at },
  },
];
const claimed: OrgEvent[] = [{ type: 'OrgSsoDomainClaimed', data: { org_uuid: ORG, domain: 'acme.test', token: 'tok', claimed_by: 'ada', claimed_at: at } }];
const verified: OrgEvent[] = [{ type: 'OrgSsoDomainVerified', data: { org_uuid: ORG, domain: 'acme.test', verified_by: 'ada', verified_at: at } }];
const configured: OrgEvent[] = [
  {
    type: 'OrgSsoConfigured',
    data: { org_uuid: ORG, issuer: 'https://idp.acme.test', client_id: 'c1', client_secret_sealed: 'sealed-1', configured_by: 'ada', configured_at: at },
  },
];
const claim =
  (actor: OrgActor, domain = 'acme.test', verifiedElsewhere = false) =>
  (s: typeof initialOrg) =>
    decideSsoClaim(s, { actor, domain, token: 'tok', verifiedElsewhere, now });
const configure =
  (actor: OrgActor, over: Partial<Parameters<typeof decideSsoConfigure>[1]> = {}) =>
  (s: typeof initialOrg) =>
    decideSsoConfigure(s, { actor, issuer: 'https://idp.acme.test/', client_id: ' c1 ', client_secret_sealed: 'sealed-1', allowInsecure: false, now, ...over });

describe('claiming a domain', () => {
  it('an owner or an admin claims it with a token; the TXT record to publish follows from it', () => {
    org.given(created).when(claim(ada, ' @Acme.Test. ')).then(claimed);
    org
      .given(created, joined(bob, 'admin'))
      .when(claim(bob))
      .then([{ ...claimed[0], data: { ...claimed[0].data, claimed_by: 'bob' } }]);
    expect([ssoTxtName('acme.test'), ssoTxtValue('tok')]).toEqual(['_answer-sso.acme.test', 'answer-sso=tok']);
  });
  it('a member is refused, and anyone outside is told there is no such organisation', () => {
    org.given(created, joined(bob, 'member')).when(claim(bob)).then(refused('forbidden', 'not_org_admin'));
    org.given(created).when(claim(eve)).then(refused('not_found', 'organization_not_found'));
  });
  it('refuses what is not a domain, a public mail service, and a domain another organisation verified', () => {
    org.given(created).when(claim(ada, 'not a domain')).then(refused('invalid', 'sso_invalid_domain'));
    org.given(created).when(claim(ada, 'gmail.com')).then(refused('invalid', 'sso_public_domain'));
    org.given(created).when(claim(ada, 'mail.yahoo.com')).then(refused('invalid', 'sso_public_domain'));
    org
      .given(created)
      .when(claim(ada, 'acme.test', true))
      .then(refused('conflict', 'sso_domain_taken'));
  });
  it('claiming the same domain again changes nothing; another domain starts over unverified', () => {
    org.given(created, claimed, verified).when(claim(ada)).then([]);
    const other = org.given(created, claimed, verified, configured).when(claim(ada, 'other.test')).then(expect.any(Array)) as OrgEvent[];
    const state = org.fold([...created, ...claimed, ...verified, ...configured, ...other]);
    expect(state.sso).toMatchObject({ domain: 'other.test', verified: false, provider: { issuer: 'https://idp.acme.test' } });
  });
});

describe('verifying the domain', () => {
  const verify =
    (actor: OrgActor, txtRecords: string[], verifiedElsewhere = false) =>
    (s: typeof initialOrg) =>
      decideSsoVerify(s, { actor, txtRecords, verifiedElsewhere, now });
  it('is proven by a TXT record with exactly the token', () => {
    org
      .given(created, claimed)
      .when(verify(ada, ['v=spf1 -all', 'answer-sso=tok']))
      .then(verified);
  });
  it('refuses without the record, before a claim, for a member, and when another organisation got there first', () => {
    org
      .given(created, claimed)
      .when(verify(ada, ['answer-sso=other']))
      .then(refused('conflict', 'sso_dns_record_missing'));
    org.given(created, claimed).when(verify(ada, [])).then(refused('conflict', 'sso_dns_record_missing'));
    org
      .given(created)
      .when(verify(ada, ['answer-sso=tok']))
      .then(refused('conflict', 'sso_domain_not_claimed'));
    org
      .given(created, joined(bob, 'member'), claimed)
      .when(verify(bob, ['answer-sso=tok']))
      .then(refused('forbidden', 'not_org_admin'));
    org
      .given(created, claimed)
      .when(verify(ada, ['answer-sso=tok'], true))
      .then(refused('conflict', 'sso_domain_taken'));
  });
  it('verifying a verified domain again changes nothing', () => {
    org.given(created, claimed, verified).when(verify(ada, [])).then([]);
  });
});

describe('configuring the provider', () => {
  it('records the issuer without its trailing slash, the client id trimmed and the sealed secret', () => {
    org.given(created, claimed, verified).when(configure(ada)).then(configured);
  });
  it('needs a verified domain', () => {
    org.given(created).when(configure(ada)).then(refused('conflict', 'sso_domain_not_claimed'));
    org.given(created, claimed).when(configure(ada)).then(refused('conflict', 'sso_domain_unverified'));
  });
  it('refuses a member, a non-https issuer (unless allowed), and a client without a secret', () => {
    org.given(created, joined(bob, 'member'), claimed, verified).when(configure(bob)).then(refused('forbidden', 'not_org_admin'));
    org
      .given(created, claimed, verified)
      .when(configure(ada, { issuer: 'http://idp.acme.test' }))
      .then(refused('invalid', 'sso_invalid_issuer'));
    org
      .given(created, claimed, verified)
      .when(configure(ada, { issuer: 'https://u:p@idp.acme.test' }))
      .then(refused('invalid', 'sso_invalid_issuer'));
    org
      .given(created, claimed, verified)
      .when(configure(ada, { client_secret_sealed: null }))
      .then(refused('invalid', 'sso_invalid_client'));
    org
      .given(created, claimed, verified)
      .when(configure(ada, { client_id: '  ' }))
      .then(refused('invalid', 'sso_invalid_client'));
    expect(checkIssuer('http://127.0.0.1:4000', true)).toBe('http://127.0.0.1:4000');
  });
  it('keeps the sealed secret when none is given, and records nothing when nothing changed', () => {
    org
      .given(created, claimed, verified, configured)
      .when(configure(ada, { client_secret_sealed: null }))
      .then([]);
    org
      .given(created, claimed, verified, configured)
      .when(configure(ada, { client_id: 'c2', client_secret_sealed: null }))
      .then([{ type: 'OrgSsoConfigured', data: { ...configured[0].data, client_id: 'c2' } }]);
  });
});

describe('removing it', () => {
  it('an admin removes it; nothing to remove records nothing; a member is refused', () => {
    org
      .given(created, claimed)
      .when((s) => decideSsoRemove(s, { actor: ada, now }))
      .then([{ type: 'OrgSsoRemoved', data: { org_uuid: ORG, removed_by: 'ada', removed_at: at } }]);
    org
      .given(created)
      .when((s) => decideSsoRemove(s, { actor: ada, now }))
      .then([]);
    org
      .given(created, joined(bob, 'member'), claimed)
      .when((s) => decideSsoRemove(s, { actor: bob, now }))
      .then(refused('forbidden', 'not_org_admin'));
  });
});

describe('joining through single sign-on', () => {
  const join =
    (email: string, personOrg: string | null = null, user_id = 'cy') =>
    (s: typeof initialOrg) =>
      decideSsoJoin(s, { user_id, email, member_id: 'm-cy', personOrg, now });
  it('a person the provider vouched for at the domain joins as a member', () => {
    org
      .given(created, claimed, verified, configured)
      .when(join('Cy@Acme.test'))
      .then([
        {
          type: 'OrgMemberJoined',
          data: { org_uuid: ORG, invitation_id: 'sso-m-cy', member_id: 'm-cy', user_id: 'cy', email: 'cy@acme.test', role: 'member', joined_at: at },
        },
      ]);
  });
  it('nobody joins through an unverified or unconfigured domain, nor from another domain', () => {
    org.given(created, claimed).when(join('cy@acme.test')).then(refused('not_found', 'sso_not_configured'));
    org.given(created, claimed, verified).when(join('cy@acme.test')).then(refused('not_found', 'sso_not_configured'));
    org.given(created, claimed, verified, configured).when(join('cy@evil.test')).then(refused('unauthenticated', 'sso_sign_in_failed'));
  });
  it('a member already, or a member of another organisation, joins nothing (and is only signed in)', () => {
    org
      .given(created, joined(bob, 'admin'), claimed, verified, configured)
      .when(join('bob@acme.test', ORG, 'bob'))
      .then([]);
    org.given(created, claimed, verified, configured).when(join('cy@acme.test', 'org-2')).then([]);
  });
});

describe('domains', () => {
  it('reads the domain of an address and refuses public mail services', () => {
    expect(domainOfEmail(' Ada@Acme.TEST ')).toBe('acme.test');
    expect(domainOfEmail('no-at-sign')).toBeNull();
    expect(isPublicMailDomain('gmail.com')).toBe(true);
    expect(isPublicMailDomain('proton.me')).toBe(true);
    expect(isPublicMailDomain('acme.test')).toBe(false);
    expect(() => normalizeDomain('outlook.com')).toThrow(/public mail service/);
  });
});
