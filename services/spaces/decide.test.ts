import type { SignedInFacts } from '../shared/actor.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NewEvent, StoredEvent } from '../eventstore/types.js';
import { ACCESS_LEVEL, SPACE_ROLES, type SpaceRole } from './access-levels.js';
import {
  checkCanAddLink,
  decideAccept,
  invitationEmail,
  decideAccess,
  decideAddLink,
  decideCreate,
  decideDelete,
  decideEdit,
  decideInvite,
  decideRemoveLink,
  decideRemoveMember,
  decideRoleChange,
  effectiveAccess,
  permissionIn,
} from './decide.js';
import { evolveSpace, initialSpace, type SpaceState } from './events.js';
import { decider, refused } from '../../tests/support/decider.js';

const now = new Date('2026-05-06T07:08:09Z');
const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
const ada: SignedInFacts = { user_id: 'ada', email: 'ada@example.com', org_uuid: null };
const bob: SignedInFacts = { user_id: 'bob', email: 'bob@example.com', org_uuid: null };
const owner = { email: 'ada@example.com', org_uuid: null };
const apply = (state: SpaceState, events: NewEvent[]) =>
  events.reduce(
    (s, e, i) =>
      evolveSpace(s, { ...e, globalPosition: String(i), streamId: `space-${uuid}`, streamVersion: i + 1, metadata: {}, recordedAt: now } as StoredEvent),
    state,
  );
const space = decider(evolveSpace, initialSpace, `space-${uuid}`);
const creation = (fields = {}) => decideCreate(initialSpace, { uuid, actor: ada, fields, template: null, now });
const invitation = (role: SpaceRole) =>
  decideInvite(space.given(creation()).state, { actor: ada, owner, email: 'BOB@example.com', role, member_id: 'm1', now });
const created = (fields = {}) => apply(initialSpace, decideCreate(initialSpace, { uuid, actor: ada, fields, template: null, now }));
const withMember = (role: SpaceRole, accepted: boolean) => {
  let s = created();
  s = apply(s, decideInvite(s, { actor: ada, owner, email: 'BOB@example.com', role, member_id: 'm1', now }));
  return accepted ? apply(s, decideAccept(s, { actor: bob, owner, now })) : s;
};
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as { code: string }).code;
  }
  return 'allowed';
};

describe('creating a Space', () => {
  it('defaults to "New Space", web search on, private, owned by the creator', () => {
    const [e] = decideCreate(initialSpace, { uuid, actor: ada, fields: {}, template: null, now });
    expect(e.data).toMatchObject({
      title: 'New Space',
      description: '',
      instructions: '',
      emoji: '',
      enable_web_by_default: true,
      access: 1,
      template_id: null,
      owner_user_id: 'ada',
    });
  });

  it('takes what a template has for what is left out', () => {
    const template = { id: 'study', title: 'Study', description: 'Learn', emoji: '1f4da', instructions: 'Teach' };
    const [e] = decideCreate(initialSpace, { uuid, actor: ada, fields: { title: 'Maths' }, template, now });
    expect(e.data).toMatchObject({ title: 'Maths', description: 'Learn', emoji: '1f4da', instructions: 'Teach', template_id: 'study' });
  });

  it('refuses blank and over-long fields (counting characters, not UTF-16 units) and organisation access without one', () => {
    const create = (fields: object, access?: 1 | 2 | 3) => refusal(() => decideCreate(initialSpace, { uuid, actor: ada, fields, access, template: null, now }));
    expect(create({ title: '  ' })).toBe('title_required');
    expect(create({ title: 'x'.repeat(101) })).toBe('title_too_long');
    expect(create({ title: '🦋'.repeat(100) })).toBe('allowed');
    expect(create({ description: 'x'.repeat(501) })).toBe('description_too_long');
    expect(create({ instructions: 'x'.repeat(4001) })).toBe('instructions_too_long');
    expect(create({}, 3)).toBe('enterprise_only');
  });
});

describe('who may do what', () => {
  it('hides a private Space from strangers (404), whatever they try', () => {
    const notFound = refused('not_found', 'collection_not_found');
    space
      .given(creation())
      .when((s) => decideEdit(s, { actor: bob, owner, changes: { title: 'x' }, now }))
      .then(notFound);
    space
      .given(creation())
      .when((s) => decideDelete(s, { actor: bob, owner, now }))
      .then(notFound);
    space
      .given(creation())
      .when((s) => decideAccept(s, { actor: bob, owner, now }))
      .then(notFound);
    space
      .given(creation())
      .when((s) => checkCanAddLink(s, { actor: bob, owner, link: 'https://example.com/' }))
      .then(notFound);
  });

  it('an invitation is INVITED_<role> until accepted, then the role; accepting twice changes nothing', () => {
    for (const role of SPACE_ROLES) {
      const invited = withMember(role, false);
      expect(permissionIn(invited, bob, owner).level).toBe(ACCESS_LEVEL[`INVITED_${role}`]);
      expect(permissionIn(invited, bob, owner).readable).toBe(false);
      const accepted = apply(invited, decideAccept(invited, { actor: bob, owner, now }));
      expect(permissionIn(accepted, bob, owner)).toEqual({ level: ACCESS_LEVEL[role], readable: true });
      expect(decideAccept(accepted, { actor: bob, owner, now })).toEqual([]);
    }
  });

  it('an account whose address is not verified holds no invitation to it: it cannot see or accept one', () => {
    const impostor: SignedInFacts = { user_id: 'eve', email: invitationEmail({ email: 'bob@example.com', email_verified: false }), org_uuid: null };
    const invited = withMember('WRITER', false);
    expect(permissionIn(invited, impostor, owner)).toEqual({ level: ACCESS_LEVEL.NONE, readable: false });
    expect(() => decideAccept(invited, { actor: impostor, owner, now })).toThrow(expect.objectContaining({ code: 'email_not_verified' }));
    expect(invitationEmail({ email: 'Bob@Example.com', email_verified: true })).toBe('bob@example.com');
  });

  it('an accepted member keeps their place under a new address; whoever takes up the old address gets nothing of it', () => {
    const accepted = withMember('WRITER', true);
    const bobMoved: SignedInFacts = { ...bob, email: 'bob@new.example' };
    expect(permissionIn(accepted, bobMoved, owner)).toEqual({ level: ACCESS_LEVEL.WRITER, readable: true });
    expect(decideRemoveMember(accepted, { actor: bobMoved, owner, member_id: 'm1', now })).toHaveLength(1);
    const newcomer: SignedInFacts = { user_id: 'carol', email: 'bob@example.com', org_uuid: null };
    expect(permissionIn(accepted, newcomer, owner)).toEqual({ level: ACCESS_LEVEL.NONE, readable: false });
    expect(refusal(() => decideAccept(accepted, { actor: newcomer, owner, now }))).toBe('collection_not_found');
    expect(refusal(() => decideRemoveMember(accepted, { actor: newcomer, owner, member_id: 'm1', now }))).toBe('collection_not_found');
  });

  it('readers and invited writers cannot edit or add links; writers can; only admins change access and web search', () => {
    const member = (role: SpaceRole, accepted: boolean) => {
      const invited = [...creation(), ...invitation(role)];
      return space.given(invited, accepted ? decideAccept(space.given(invited).state, { actor: bob, owner, now }) : []);
    };
    member('READER', true)
      .when((s) => decideEdit(s, { actor: bob, owner, changes: { title: 'x' }, now }))
      .then(refused('forbidden', 'not_space_writer'));
    member('WRITER', false)
      .when((s) => checkCanAddLink(s, { actor: bob, owner, link: 'https://a.example/' }))
      .then(refused('forbidden', 'not_space_writer'));
    member('WRITER', true)
      .when((s) => decideEdit(s, { actor: bob, owner, changes: { title: 'Better' }, now }))
      .then([{ type: 'SpaceEdited', data: expect.objectContaining({ changes: { title: 'Better' } }) }]);
    member('WRITER', true)
      .when((s) => decideEdit(s, { actor: bob, owner, changes: { enable_web_by_default: false }, now }))
      .then(refused('forbidden', 'not_space_admin'));
    member('WRITER', true)
      .when((s) => decideAccess(s, { actor: bob, owner, access: 2, now }))
      .then(refused('forbidden', 'not_space_admin'));
    member('ADMIN', true)
      .when((s) => decideAccess(s, { actor: bob, owner, access: 2, now }))
      .then([{ type: 'SpaceAccessChanged', data: expect.objectContaining({ access: 2 }) }]);
    member('ADMIN', true)
      .when((s) => decideDelete(s, { actor: bob, owner, now }))
      .then(refused('forbidden', 'not_space_owner'));
  });

  it('records only what differs', () => {
    const s = created({ title: 'Same' });
    expect(decideEdit(s, { actor: ada, owner, changes: { title: ' Same ', enable_web_by_default: true }, access: 1, now })).toEqual([]);
    const [e] = decideEdit(s, { actor: ada, owner, changes: { title: 'Other', description: '' }, now });
    expect(e.data).toMatchObject({ changes: { title: 'Other' } });
  });

  it('inviting again changes the role; the owner cannot be invited, changed or removed; members may leave', () => {
    const s = withMember('READER', true);
    const [changed] = decideInvite(s, { actor: ada, owner, email: 'bob@example.com', role: 'WRITER', member_id: 'm2', now });
    expect(changed).toMatchObject({ type: 'SpaceMemberRoleChanged', data: { member_id: 'm1', level: ACCESS_LEVEL.WRITER } });
    expect(refusal(() => decideInvite(s, { actor: ada, owner, email: 'ADA@example.com', role: 'READER', member_id: 'm3', now }))).toBe('already_owner');
    expect(refusal(() => decideRoleChange(s, { actor: ada, owner, member_id: uuid, role: 'READER', now }))).toBe('owner_stays');
    expect(refusal(() => decideRemoveMember(s, { actor: ada, owner, member_id: 'nobody', now }))).toBe('member_not_found');
    expect(decideRemoveMember(s, { actor: bob, owner, member_id: 'm1', now })).toHaveLength(1);
    const stillInvited = withMember('READER', false);
    expect(decideRoleChange(stillInvited, { actor: ada, owner, member_id: 'm1', role: 'EDITOR', now })[0].data.level).toBe(ACCESS_LEVEL.INVITED_EDITOR);
  });
});

describe('links', () => {
  const added = (link: string) => [{ type: 'SpaceLinkAdded', data: expect.objectContaining({ link }) }];
  const add = (link: string) => (s: SpaceState) => decideAddLink(s, { actor: ada, owner, link, title: 't', text: 'x', now });

  it('adding a link records it; the same link again, or removing one that is not there, changes nothing', () => {
    space.given(creation()).when(add('https://a.example/')).then(added('https://a.example/'));
    const history = [...creation(), ...add('https://a.example/')(space.given(creation()).state)];
    space.given(history).when(add('https://a.example/')).then([]);
    space
      .given(history)
      .when((s) => decideRemoveLink(s, { actor: ada, owner, link: 'https://b.example/', now }))
      .then([]);
  });

  it('at most 50', () => {
    let s = created();
    for (let i = 0; i < 50; i++) s = apply(s, add(`https://a.example/${i}`)(s));
    expect(refusal(() => add('https://c.example/')(s))).toBe('too_many_links');
  });
});

describe('effective access', () => {
  it('a member keeps their level; an open Space makes anyone else a reader; invitations read only open Spaces', () => {
    const level = fc.constantFrom(null, ...Object.values(ACCESS_LEVEL));
    fc.assert(
      fc.property(level, fc.constantFrom(1 as const, 2 as const, 3 as const), fc.boolean(), (own, access, sameOrg) => {
        const r = effectiveAccess({ ownLevel: own, access, sameOrgAsOwner: sameOrg });
        const open = access === 2 || (access === 3 && sameOrg);
        if (own !== null && own !== 0) return r.level === own && r.readable === ((own >= 1 && own <= 6) || open);
        return r.level === (open ? 1 : 0) && r.readable === open;
      }),
    );
  });
});
