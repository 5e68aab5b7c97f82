// Whatever anyone tries, in any order, an organisation always keeps at least one owner, and
// only owners and admins ever change who is in it.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { DomainError } from '../shared/domain-error.js';
import { decideAccept, decideCreate, decideInvite, decideLeave, decideRemove, decideRoleChange, type OrgActor } from './decide.js';
import { evolveOrg, initialOrg, ORG_ROLES, type OrgState } from './events.js';

const now = new Date('2026-05-06T07:08:09Z');
const PEOPLE: OrgActor[] = ['p0', 'p1', 'p2', 'p3', 'p4'].map((id) => ({ user_id: id, email: `${id}@example.com` }));
const person = fc.integer({ min: 0, max: PEOPLE.length - 1 });
const role = fc.constantFrom(...ORG_ROLES);

const command = fc.oneof(
  fc.record({ kind: fc.constant('invite' as const), by: person, who: person, role }),
  fc.record({ kind: fc.constant('accept' as const), by: person }),
  fc.record({ kind: fc.constant('role' as const), by: person, who: person, role }),
  fc.record({ kind: fc.constant('remove' as const), by: person, who: person }),
  fc.record({ kind: fc.constant('leave' as const), by: person }),
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

const memberIdOf = (state: OrgState, userId: string) => Object.values(state.members).find((m) => m.user_id === userId)?.member_id ?? `m-none-${userId}`;

function run(state: OrgState, c: Command, n: number) {
  const actor = PEOPLE[c.by];
  switch (c.kind) {
    case 'invite':
      return decideInvite(state, { actor, email: PEOPLE[c.who].email!, role: c.role, invitation_id: `i-${n}`, inviteeOrg: null, now });
    case 'accept': {
      const i = Object.values(state.invitations).find((x) => x.email === actor.email);
      return decideAccept(state, { actor, invitation_id: i?.invitation_id ?? 'none', member_id: `m-${n}`, actorOrg: null, now });
    }
    case 'role':
      return decideRoleChange(state, { actor, member_id: memberIdOf(state, PEOPLE[c.who].user_id), role: c.role, now });
    case 'remove':
      return decideRemove(state, { actor, member_id: memberIdOf(state, PEOPLE[c.who].user_id), now });
    case 'leave':
      return decideLeave(state, { actor, now });
  }
}

it('an organisation always has an owner, and members never manage anyone else', () => {
  fc.assert(
    fc.property(fc.array(command, { maxLength: 60 }), (commands) => {
      const create = decideCreate(initialOrg, {
        org_uuid: 'o',
        name: 'O',
        slug: 'o',
        actor: { ...PEOPLE[0], account_email: PEOPLE[0].email! },
        member_id: 'm-0',
        now,
      });
      let state = create.reduce(evolveOrg, initialOrg);
      commands.forEach((c, n) => {
        const before = state;
        let events: ReturnType<typeof run>;
        try {
          events = run(state, c, n);
        } catch (err) {
          expect(err).toBeInstanceOf(DomainError);
          return;
        }
        const actorRole = Object.values(before.members).find((m) => m.user_id === PEOPLE[c.by].user_id)?.role;
        for (const e of events) {
          // Someone else's membership changes only at an owner's or admin's hand.
          if (e.type === 'OrgMemberRemoved' || e.type === 'OrgMemberRoleChanged' || e.type === 'OrgMemberInvited')
            expect(['owner', 'admin']).toContain(actorRole);
          if (e.type === 'OrgMemberRoleChanged' && (e.data.role === 'owner' || e.data.previous_role === 'owner')) expect(actorRole).toBe('owner');
        }
        state = events.reduce(evolveOrg, state);
        expect(Object.values(state.members).filter((m) => m.role === 'owner').length).toBeGreaterThanOrEqual(1);
      });
    }),
    { numRuns: 300 },
  );
});
