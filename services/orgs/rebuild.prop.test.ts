// Rebuilding the organisation read models (orgs, org_members, org_invitations, org_sso, and Better Auth's
// organization and member rows they keep) from the log gives back exactly what inline projection
// wrote, for random sequences of organisation commands run through the real rules and store.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migratedDbWithAuth } from '../../tests/support/database.js';
import { projections } from '../app/projections.js';
import type { Db } from '../db/database.js';
import { rebuildProjections } from '../eventstore/rebuild.js';
import { EventStore } from '../eventstore/store.js';
import { DomainError } from '../shared/domain-error.js';
import {
  decideAccept,
  decideCreate,
  decideDeparture,
  decideDetails,
  decideInvite,
  decideLeave,
  decidePermissions,
  decideRemove,
  decideRevoke,
  decideRoleChange,
  type OrgActor,
} from './decide.js';
import { ORG_ROLES, type OrgState } from './events.js';
import { decideOrg } from './use-cases.js';
import { decideSsoClaim, decideSsoConfigure, decideSsoJoin, decideSsoRemove, decideSsoVerify, ssoTxtValue } from './sso-decide.js';

let db: Db;
let close: () => Promise<void>;
let store: EventStore;
const PEOPLE: OrgActor[] = [0, 1, 2, 3].map((i) => ({ user_id: `user-${i}`, email: `user${i}@example.com` }));
beforeAll(async () => {
  ({ db, close } = await migratedDbWithAuth());
  store = new EventStore(db, projections);
  for (const p of PEOPLE)
    await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt") values (${p.user_id}, ${p.user_id}, ${p.email}, true, now(), now())`.execute(
      db,
    );
});
afterAll(async () => close?.());

const person = fc.integer({ min: 0, max: PEOPLE.length - 1 });
const command = fc.oneof(
  fc.record({ kind: fc.constant('invite' as const), by: person, who: person, role: fc.constantFrom(...ORG_ROLES) }),
  fc.record({ kind: fc.constant('accept' as const), by: person }),
  fc.record({ kind: fc.constant('revoke' as const), by: person }),
  fc.record({ kind: fc.constant('role' as const), by: person, who: person, role: fc.constantFrom(...ORG_ROLES) }),
  fc.record({ kind: fc.constant('remove' as const), by: person, who: person }),
  fc.record({ kind: fc.constant('leave' as const), by: person }),
  // An account deleted: its person leaves, or closes the organisation they were alone in.
  fc.record({ kind: fc.constant('depart' as const), by: person }),
  fc.record({
    kind: fc.constant('details' as const),
    by: person,
    name: fc.constantFrom('Engines', 'Looms'),
    domain: fc.constantFrom('a.example', 'b.example'),
  }),
  fc.record({ kind: fc.constant('permissions' as const), by: person, sharing: fc.boolean() }),
  fc.record({ kind: fc.constant('sso-claim' as const), by: person, domain: fc.constantFrom('one', 'two') }),
  fc.record({ kind: fc.constant('sso-verify' as const), by: person, proven: fc.boolean() }),
  fc.record({ kind: fc.constant('sso-configure' as const), by: person, client: fc.constantFrom('a', 'b'), secret: fc.option(fc.constantFrom('s1', 's2')) }),
  fc.record({ kind: fc.constant('sso-remove' as const), by: person }),
  fc.record({ kind: fc.constant('sso-join' as const), by: person }),
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

const memberId = (s: OrgState, userId: string) => Object.values(s.members).find((m) => m.user_id === userId)?.member_id ?? 'none';

function decide(c: Command, n: number, now: Date) {
  const actor = PEOPLE[c.by];
  return (s: OrgState) => {
    switch (c.kind) {
      case 'invite':
        return decideInvite(s, { actor, email: PEOPLE[c.who].email!, role: c.role, invitation_id: `inv-${n}-${Math.random()}`, inviteeOrg: null, now });
      case 'accept': {
        const i = Object.values(s.invitations).find((x) => x.email === actor.email);
        return decideAccept(s, { actor, invitation_id: i?.invitation_id ?? 'none', member_id: `mem-${n}-${Math.random()}`, actorOrg: null, now });
      }
      case 'revoke':
        return decideRevoke(s, { actor, invitation_id: Object.keys(s.invitations)[0] ?? 'none', now });
      case 'role':
        return decideRoleChange(s, { actor, member_id: memberId(s, PEOPLE[c.who].user_id), role: c.role, now });
      case 'remove':
        return decideRemove(s, { actor, member_id: memberId(s, PEOPLE[c.who].user_id), now });
      case 'leave':
        return decideLeave(s, { actor, now });
      case 'depart':
        return decideDeparture(s, { user_id: actor.user_id, now });
      case 'details':
        return decideDetails(s, { actor, changes: { name: c.name, email_domains: [c.domain] }, now });
      case 'permissions':
        return decidePermissions(s, { actor, changes: { public_sharing_allowed: c.sharing }, now });
      case 'sso-claim':
        return decideSsoClaim(s, { actor, domain: `${c.domain}-${run}.example`, token: `tok-${n}`, verifiedElsewhere: false, now });
      case 'sso-verify':
        return decideSsoVerify(s, { actor, txtRecords: c.proven && s.sso ? [ssoTxtValue(s.sso.token)] : [], verifiedElsewhere: false, now });
      case 'sso-configure':
        return decideSsoConfigure(s, {
          actor,
          issuer: 'https://idp.example',
          client_id: c.client,
          client_secret_sealed: c.secret,
          allowInsecure: false,
          now,
        });
      case 'sso-remove':
        return decideSsoRemove(s, { actor, now });
      case 'sso-join':
        return decideSsoJoin(s, {
          user_id: actor.user_id,
          email: `${actor.user_id}@${s.sso?.domain ?? 'none.example'}`,
          member_id: `sso-mem-${n}-${Math.random()}`,
          personOrg: null,
          now,
        });
    }
  };
}

const snapshot = async () => ({
  orgs: (await sql`select * from orgs order by uuid`.execute(db)).rows,
  org_members: (await sql`select * from org_members order by member_id`.execute(db)).rows,
  org_invitations: (await sql`select * from org_invitations order by invitation_id`.execute(db)).rows,
  org_sso: (await sql`select * from org_sso order by org_uuid`.execute(db)).rows,
  member: (await sql`select id, "organizationId", "userId", role, "createdAt" from member order by id`.execute(db)).rows,
  organization: (await sql`select id, name, slug, logo from organization order by id`.execute(db)).rows,
});

let run = 0;
test('a rebuild gives back what inline projection wrote', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(command, { maxLength: 25 }), async (commands) => {
      const org = `00000000-0000-4000-8000-${String(++run).padStart(12, '0')}`;
      const now = new Date(Date.UTC(2026, 0, 1, 0, run));
      await decideOrg(store, org, (s) =>
        decideCreate(s, {
          org_uuid: org,
          name: 'Org',
          slug: `org-${run}`,
          actor: { ...PEOPLE[0], account_email: PEOPLE[0].email! },
          member_id: `owner-${run}`,
          now,
        }),
      );
      for (const [n, c] of commands.entries()) {
        try {
          await decideOrg(store, org, decide(c, n, now));
        } catch (err) {
          if (!(err instanceof DomainError)) throw err;
        }
      }
      const before = await snapshot();
      // Damage the read models, including Better Auth's rows the projection keeps.
      await sql`delete from member`.execute(db);
      await sql`update org_members set role = 'member'`.execute(db);
      await sql`update org_sso set verified_at = null, client_secret_sealed = 'damaged'`.execute(db);
      await rebuildProjections(store);
      expect(await snapshot()).toEqual(before);
    }),
    { numRuns: 12 },
  );
}, 120_000);
