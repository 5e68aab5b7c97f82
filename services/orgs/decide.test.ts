import { describe, expect, it } from 'vitest';
import { decider, refused } from '../../tests/support/decider.js';
import {
  accessOf,
  checkDeparture,
  decideAccept,
  decideCreate,
  decideDeparture,
  decideDetails,
  decideInvite,
  decideLeave,
  decidePermissions,
  decideRemove,
  decideResend,
  decideRevoke,
  decideRoleChange,
  decideUserAccess,
  type OrgActor,
} from './decide.js';
import { DEFAULT_USER_ACCESS, evolveOrg, FULL_ACCESS, initialOrg, type OrgEvent, type OrgRole } from './events.js';

const now = new Date('2026-05-06T07:08:09Z');
const ORG = 'org-1';
const ada: OrgActor = { user_id: 'ada', email: 'ada@example.com' };
const bob: OrgActor = { user_id: 'bob', email: 'bob@example.com' };
const cy: OrgActor = { user_id: 'cy', email: 'cy@example.com' };
const org = decider(evolveOrg, initialOrg);

const created = decideCreate(initialOrg, {
  org_uuid: ORG,
  name: ' Engines ',
  slug: 'engines',
  actor: { ...ada, account_email: 'Ada@Example.com' },
  member_id: 'm-ada',
  now,
});
const joined = (who: OrgActor, role: OrgRole, n: string): OrgEvent[] => [
  {
    type: 'OrgMemberInvited',
    data: {
      org_uuid: ORG,
      invitation_id: `i-${n}`,
      email: who.email!,
      role,
      invited_by: 'ada',
      invited_at: now.toISOString(),
      expires_at: '2026-05-13T07:08:09.000Z',
    },
  },
  {
    type: 'OrgMemberJoined',
    data: { org_uuid: ORG, invitation_id: `i-${n}`, member_id: `m-${n}`, user_id: who.user_id, email: who.email!, role, joined_at: now.toISOString() },
  },
];
const invite =
  (actor: OrgActor, email: string, role: OrgRole = 'member', inviteeOrg: string | null = null) =>
  (s: typeof initialOrg) =>
    decideInvite(s, { actor, email, role, invitation_id: 'i-new', inviteeOrg, now });

describe('creating', () => {
  it('makes the creator its one owner, name trimmed, email in lower case', () => {
    expect(created).toEqual([
      {
        type: 'OrgCreated',
        data: expect.objectContaining({ name: 'Engines', owner_user_id: 'ada', owner_member_id: 'm-ada', owner_email: 'ada@example.com' }),
      },
    ]);
  });
  it('refuses a blank name', () => {
    org
      .given()
      .when((s) => decideCreate(s, { org_uuid: ORG, name: '  ', slug: 'x', actor: { ...ada, account_email: 'a@x.io' }, member_id: 'm', now }))
      .then(refused('invalid', 'org_name_required'));
  });
});

describe('inviting', () => {
  it('records the address in lower case, the role and a week to accept', () => {
    org
      .given(created)
      .when(invite(ada, ' Bob@Example.COM ', 'admin'))
      .then([
        {
          type: 'OrgMemberInvited',
          data: {
            org_uuid: ORG,
            invitation_id: 'i-new',
            email: 'bob@example.com',
            role: 'admin',
            invited_by: 'ada',
            invited_at: now.toISOString(),
            expires_at: '2026-05-13T07:08:09.000Z',
          },
        },
      ]);
  });
  it('is for owners and admins only; strangers are told nothing exists', () => {
    org
      .given(created, joined(bob, 'member', 'bob'))
      .when(invite(bob, 'cy@example.com'))
      .then(refused('forbidden', 'not_org_admin'));
    org.given(created).when(invite(cy, 'dan@example.com')).then(refused('not_found', 'organization_not_found'));
  });
  it('lets only an owner invite an owner', () => {
    org
      .given(created, joined(bob, 'admin', 'bob'))
      .when(invite(bob, 'cy@example.com', 'owner'))
      .then(refused('forbidden', 'not_org_owner'));
    org
      .given(created)
      .when(invite(ada, 'cy@example.com', 'owner'))
      .then([expect.objectContaining({ type: 'OrgMemberInvited' })]);
  });
  it('refuses an address of another organisation, a member, a pending invitation, a malformed address', () => {
    org
      .given(created)
      .when(invite(ada, 'cy@example.com', 'member', 'org-2'))
      .then(refused('conflict', 'member_of_another_org'));
    org
      .given(created, joined(bob, 'member', 'bob'))
      .when(invite(ada, 'BOB@example.com'))
      .then(refused('conflict', 'already_member'));
    org
      .given(created, [joined(cy, 'member', 'cy')[0]])
      .when(invite(ada, 'cy@example.com'))
      .then(refused('conflict', 'already_invited'));
    org.given(created).when(invite(ada, 'not an address')).then(refused('invalid', 'invalid_email'));
  });
  it('resends with a fresh week, and revokes', () => {
    const later = new Date('2026-05-10T00:00:00Z');
    org
      .given(created, [joined(cy, 'member', 'cy')[0]])
      .when((s) => decideResend(s, { actor: ada, invitation_id: 'i-cy', now: later }))
      .then([
        {
          type: 'OrgInvitationResent',
          data: { org_uuid: ORG, invitation_id: 'i-cy', resent_by: 'ada', resent_at: later.toISOString(), expires_at: '2026-05-17T00:00:00.000Z' },
        },
      ]);
    org
      .given(created, [joined(cy, 'member', 'cy')[0]])
      .when((s) => decideRevoke(s, { actor: ada, invitation_id: 'i-cy', now }))
      .then([{ type: 'OrgInvitationRevoked', data: { org_uuid: ORG, invitation_id: 'i-cy', revoked_by: 'ada', revoked_at: now.toISOString() } }]);
    org
      .given(created)
      .when((s) => decideRevoke(s, { actor: ada, invitation_id: 'nope', now }))
      .then(refused('not_found', 'invitation_not_found'));
  });
});

describe('accepting', () => {
  const pending = [created, [joined(cy, 'admin', 'cy')[0]]];
  const accept =
    (actor: OrgActor, actorOrg: string | null = null, at = now) =>
    (s: typeof initialOrg) =>
      decideAccept(s, { actor, invitation_id: 'i-cy', member_id: 'm-cy', actorOrg, now: at });
  it('joins with the invited role when the verified address is the invitation’s', () => {
    org
      .given(...pending)
      .when(accept(cy))
      .then([
        {
          type: 'OrgMemberJoined',
          data: {
            org_uuid: ORG,
            invitation_id: 'i-cy',
            member_id: 'm-cy',
            user_id: 'cy',
            email: 'cy@example.com',
            role: 'admin',
            joined_at: now.toISOString(),
          },
        },
      ]);
  });
  it('refuses an unverified account, another address, a member of another organisation, an expired invitation', () => {
    org
      .given(...pending)
      .when(accept({ user_id: 'cy', email: null }))
      .then(refused('forbidden', 'email_not_verified'));
    org
      .given(...pending)
      .when(accept(bob))
      .then(refused('not_found', 'invitation_not_found'));
    org
      .given(...pending)
      .when(accept(cy, 'org-2'))
      .then(refused('conflict', 'member_of_another_org'));
    org
      .given(...pending)
      .when(accept(cy, null, new Date('2026-05-14T00:00:00Z')))
      .then(refused('conflict', 'invitation_expired'));
  });
});

describe('roles, removal and leaving', () => {
  const team = [created, joined(bob, 'admin', 'bob'), joined(cy, 'member', 'cy')];
  const role = (actor: OrgActor, member_id: string, r: OrgRole) => (s: typeof initialOrg) => decideRoleChange(s, { actor, member_id, role: r, now });
  it('owners and admins change roles; only owners make or unmake owners', () => {
    org
      .given(...team)
      .when(role(bob, 'm-cy', 'admin'))
      .then([expect.objectContaining({ type: 'OrgMemberRoleChanged', data: expect.objectContaining({ role: 'admin', previous_role: 'member' }) })]);
    org
      .given(...team)
      .when(role(bob, 'm-cy', 'owner'))
      .then(refused('forbidden', 'not_org_owner'));
    org
      .given(...team)
      .when(role(bob, 'm-ada', 'member'))
      .then(refused('forbidden', 'not_org_owner'));
    org
      .given(...team)
      .when(role(cy, 'm-bob', 'member'))
      .then(refused('forbidden', 'not_org_admin'));
    org
      .given(...team)
      .when(role(ada, 'm-cy', 'member'))
      .then([]);
  });
  it('never leaves the organisation without an owner', () => {
    org
      .given(...team)
      .when(role(ada, 'm-ada', 'admin'))
      .then(refused('conflict', 'last_owner'));
    org
      .given(...team)
      .when((s) => decideLeave(s, { actor: ada, now }))
      .then(refused('conflict', 'last_owner'));
    org
      .given(...team)
      .when((s) => decideRemove(s, { actor: ada, member_id: 'm-ada', now }))
      .then(refused('conflict', 'last_owner'));
    org
      .given(...team, joined({ user_id: 'dan', email: 'dan@example.com' }, 'owner', 'dan'))
      .when((s) => decideLeave(s, { actor: ada, now }))
      .then([{ type: 'OrgMemberLeft', data: { org_uuid: ORG, member_id: 'm-ada', user_id: 'ada', left_at: now.toISOString() } }]);
  });
  it('removes: admins remove members, not owners; members remove nobody but themselves', () => {
    org
      .given(...team)
      .when((s) => decideRemove(s, { actor: bob, member_id: 'm-cy', now }))
      .then([{ type: 'OrgMemberRemoved', data: { org_uuid: ORG, member_id: 'm-cy', user_id: 'cy', removed_by: 'bob', removed_at: now.toISOString() } }]);
    org
      .given(...team)
      .when((s) => decideRemove(s, { actor: bob, member_id: 'm-ada', now }))
      .then(refused('forbidden', 'not_org_owner'));
    org
      .given(...team)
      .when((s) => decideRemove(s, { actor: cy, member_id: 'm-bob', now }))
      .then(refused('forbidden', 'not_org_admin'));
    org
      .given(...team)
      .when((s) => decideRemove(s, { actor: cy, member_id: 'm-cy', now }))
      .then([expect.objectContaining({ type: 'OrgMemberLeft' })]);
    org
      .given(...team)
      .when((s) => decideRemove(s, { actor: ada, member_id: 'm-nobody', now }))
      .then(refused('not_found', 'member_not_found'));
  });
});

describe('details, permissions and user access', () => {
  it('records only what changed, trimmed; checks the logo and domains', () => {
    org
      .given(created)
      .when((s) => decideDetails(s, { actor: ada, changes: { name: 'Engines', email_domains: [' @Example.com ', 'example.com'] }, now }))
      .then([
        { type: 'OrgDetailsChanged', data: { org_uuid: ORG, changes: { email_domains: ['example.com'] }, changed_by: 'ada', changed_at: now.toISOString() } },
      ]);
    org
      .given(created)
      .when((s) => decideDetails(s, { actor: ada, changes: { logo_url: 'http://x.io/a.png' }, now }))
      .then(refused('invalid', 'invalid_logo_url'));
    org
      .given(created)
      .when((s) => decideDetails(s, { actor: ada, changes: { email_domains: ['not a domain'] }, now }))
      .then(refused('invalid', 'invalid_email_domain'));
  });
  it('refuses a public default while public sharing is off', () => {
    const off = decidePermissions(org.given(created).state, { actor: ada, changes: { public_sharing_allowed: false }, now });
    org
      .given(created, off)
      .when((s) => decideDetails(s, { actor: ada, changes: { default_thread_access: 'public read' }, now }))
      .then(refused('conflict', 'public_sharing_not_allowed'));
  });
  it('sets user access for members only and configured models only; a person’s override wins over the role', () => {
    const ua = {
      roles: { ...DEFAULT_USER_ACCESS.roles, member: { ...FULL_ACCESS, web_search: false } },
      people: { ada: { web_search: true, models: ['m1'] } },
    };
    const events = decideUserAccess(org.given(created).state, { actor: ada, user_access: ua, models: ['m1'], now });
    expect(events).toHaveLength(1);
    org
      .given(created)
      .when((s) => decideUserAccess(s, { actor: ada, user_access: { ...ua, people: { zed: {} } }, models: ['m1'], now }))
      .then(refused('invalid', 'not_a_member'));
    org
      .given(created)
      .when((s) =>
        decideUserAccess(s, { actor: ada, user_access: { ...ua, roles: { ...ua.roles, admin: { ...FULL_ACCESS, models: ['gpt-x'] } } }, models: ['m1'], now }),
      )
      .then(refused('invalid', 'unknown_model'));
    expect(accessOf(ua, { user_id: 'ada', role: 'member' })).toEqual({ ...FULL_ACCESS, models: ['m1'] });
    expect(accessOf(ua, { user_id: 'cy', role: 'member' })).toEqual({ ...FULL_ACCESS, web_search: false });
  });
});

describe("an account's deletion", () => {
  const departure = (who: OrgActor) => (s: typeof initialOrg) => decideDeparture(s, { user_id: who.user_id, now });
  const check = (who: OrgActor) => (s: typeof initialOrg) => checkDeparture(s, who.user_id);

  it('closes an organisation its one member leaves, after which it does not exist', () => {
    const closed = [{ type: 'OrgClosed', data: { org_uuid: ORG, closed_by: 'ada', closed_at: now.toISOString() } }];
    org.given(created).when(departure(ada)).then(closed);
    org
      .given(created, closed as OrgEvent[])
      .when(departure(ada))
      .then([]);
    org
      .given(created, closed as OrgEvent[])
      .when((s) => decideInvite(s, { actor: ada, email: 'x@example.com', role: 'member', invitation_id: 'i', inviteeOrg: null, now }))
      .then(refused('not_found', 'organization_not_found'));
  });

  it('lets a member who is not the last owner leave, once', () => {
    const left = [{ type: 'OrgMemberLeft', data: { org_uuid: ORG, member_id: 'm-b', user_id: 'bob', left_at: now.toISOString() } }];
    org
      .given(created, joined(bob, 'member', 'b'))
      .when(departure(bob))
      .then(left);
    org
      .given(created, joined(bob, 'member', 'b'), left as OrgEvent[])
      .when(departure(bob))
      .then([]);
    org
      .given(created, joined(bob, 'owner', 'b'))
      .when(departure(ada))
      .then([expect.objectContaining({ type: 'OrgMemberLeft', data: expect.objectContaining({ user_id: 'ada' }) })]);
  });

  it('refuses the last owner of an organisation others are in, naming it', () => {
    org
      .given(created, joined(bob, 'admin', 'b'))
      .when(check(ada))
      .then(refused('conflict', 'last_owner_must_hand_over'));
    expect(() => checkDeparture(org.given(created, joined(bob, 'admin', 'b')).state, 'ada')).toThrow(/last owner of Engines/);
    org.given(created).when(check(ada)).then(undefined);
    org
      .given(created, joined(bob, 'owner', 'b'))
      .when(check(ada))
      .then(undefined);
    org
      .given(created, joined(bob, 'member', 'b'))
      .when(check(bob))
      .then(undefined);
  });

  it('makes the longest-standing admin owner when the last owner goes anyway (someone joined after the check)', () => {
    org
      .given(created, joined(bob, 'member', 'b'), joined(cy, 'admin', 'c'))
      .when(departure(ada))
      .then([
        {
          type: 'OrgMemberRoleChanged',
          data: { org_uuid: ORG, member_id: 'm-c', role: 'owner', previous_role: 'admin', changed_by: 'ada', changed_at: now.toISOString() },
        },
        { type: 'OrgMemberLeft', data: { org_uuid: ORG, member_id: 'm-ada', user_id: 'ada', left_at: now.toISOString() } },
      ]);
  });
});
