// Whatever anyone tries, in any order: only owners and admins ever change an organisation's
// single sign-on, a domain is verified only by the TXT record of its latest claim, no public
// mail domain is ever claimed, and nobody joins through a domain that is not verified and configured.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { DomainError } from '../shared/domain-error.js';
import { decideCreate, type OrgActor } from './decide.js';
import { evolveOrg, initialOrg, type OrgEvent, type OrgState } from './events.js';
import { decideSsoClaim, decideSsoConfigure, decideSsoJoin, decideSsoRemove, decideSsoVerify, ssoTxtValue } from './sso-decide.js';
import { isPublicMailDomain } from './sso-public-mail-domains.js';

const now = new Date('2026-05-06T07:08:09Z');
const PEOPLE: OrgActor[] = ['p0', 'p1', 'p2', 'p3'].map((id) => ({ user_id: id, email: `${id}@acme.test` }));
const ROLES = { p0: 'owner', p1: 'admin', p2: 'member' } as const;
const person = fc.integer({ min: 0, max: PEOPLE.length - 1 });
const domain = fc.constantFrom('acme.test', 'other.test', 'gmail.com', 'bad domain');

const command = fc.oneof(
  fc.record({ kind: fc.constant('claim' as const), by: person, domain, elsewhere: fc.boolean() }),
  fc.record({ kind: fc.constant('verify' as const), by: person, right: fc.boolean(), elsewhere: fc.boolean() }),
  fc.record({ kind: fc.constant('configure' as const), by: person, secret: fc.option(fc.constantFrom('s1', 's2')) }),
  fc.record({ kind: fc.constant('remove' as const), by: person }),
  fc.record({ kind: fc.constant('join' as const), by: person, domain }),
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

function run(s: OrgState, c: Command, n: number): OrgEvent[] {
  const actor = PEOPLE[c.by];
  switch (c.kind) {
    case 'claim':
      return decideSsoClaim(s, { actor, domain: c.domain, token: `t${n}`, verifiedElsewhere: c.elsewhere, now });
    case 'verify':
      return decideSsoVerify(s, { actor, txtRecords: [ssoTxtValue(c.right && s.sso ? s.sso.token : 'wrong')], verifiedElsewhere: c.elsewhere, now });
    case 'configure':
      return decideSsoConfigure(s, { actor, issuer: 'https://idp.test', client_id: 'c', client_secret_sealed: c.secret, allowInsecure: false, now });
    case 'remove':
      return decideSsoRemove(s, { actor, now });
    case 'join':
      return decideSsoJoin(s, { user_id: `new-${n}`, email: `x${n}@${c.domain}`, member_id: `m-${n}`, personOrg: null, now });
  }
}

it('only managers change single sign-on; verification needs the latest token; joins need an active domain', () => {
  const base = [
    ...decideCreate(initialOrg, { org_uuid: 'o', name: 'Acme', slug: 'acme', actor: { ...PEOPLE[0], account_email: 'p0@acme.test' }, member_id: 'm-p0', now }),
    ...(['p1', 'p2'] as const).map(
      (id): OrgEvent => ({
        type: 'OrgMemberJoined',
        data: {
          org_uuid: 'o',
          invitation_id: `i-${id}`,
          member_id: `m-${id}`,
          user_id: id,
          email: `${id}@acme.test`,
          role: ROLES[id],
          joined_at: now.toISOString(),
        },
      }),
    ),
  ];
  fc.assert(
    fc.property(fc.array(command, { maxLength: 30 }), (commands) => {
      let state = base.reduce((s, e) => evolveOrg(s, e), initialOrg);
      for (const [n, c] of commands.entries()) {
        let events: OrgEvent[] = [];
        try {
          events = run(state, c, n);
        } catch (err) {
          if (!(err instanceof DomainError)) throw err;
        }
        for (const e of events) {
          if (e.type === 'OrgMemberJoined') {
            expect(!!(state.sso?.verified && state.sso.provider)).toBe(true);
            expect(e.data.email.endsWith(`@${state.sso!.domain}`)).toBe(true);
            expect(e.data.role).toBe('member');
          } else {
            expect(['p0', 'p1']).toContain(PEOPLE[c.by].user_id);
          }
          if (e.type === 'OrgSsoDomainClaimed') expect(isPublicMailDomain(e.data.domain)).toBe(false);
          if (e.type === 'OrgSsoDomainVerified') expect(c).toMatchObject({ kind: 'verify', right: true, elsewhere: false });
          if (e.type === 'OrgSsoConfigured') expect(state.sso?.verified).toBe(true);
          state = evolveOrg(state, e);
        }
      }
    }),
    { numRuns: 300 },
  );
});
