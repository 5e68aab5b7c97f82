// An account's deletion as the organisations see it (workflows/delete-account.ts): first checked
// (the last owner of an organisation others are in hands it over before), then done through the
// organisation's stream, so its members, seats and insights no longer count the person. Running
// it again finds nothing left to do: a member who has left has no membership to leave.
import type { Db } from '../db/database.js';
import { type EventStore, payloadFieldOf } from '../eventstore/store.js';
import { checkDeparture, decideDeparture } from './decide.js';
import { decideOrg, orgState } from './use-cases.js';
import { own } from './tables.js';

type Deps = { db: Db; store: EventStore; now: () => Date };

const orgsOf = async (db: Db, userId: string) =>
  (await own(db).selectFrom('org_members').select('org_uuid').distinct().where('user_id', '=', userId).execute()).map((r) => r.org_uuid);

/** Throws `last_owner_must_hand_over` (naming the organisation) while the person may not go yet. */
export async function checkAccountDeparture(deps: Deps, userId: string) {
  for (const org of await orgsOf(deps.db, userId)) checkDeparture(await orgState(deps.store, org), userId);
}

/** The person leaves every organisation; one they were alone in closes. */
export async function departAllOrgs(deps: Deps, userId: string) {
  let left = 0;
  for (const org of await orgsOf(deps.db, userId)) {
    const events = await decideOrg(deps.store, org, (state) => decideDeparture(state, { user_id: userId, now: deps.now() }));
    if (events.length) left++;
  }
  return { left, closed: await orgsClosedBy(deps.db, userId) };
}

/** The organisations closed by the person's departure, found in the log (so also after a crash). */
export async function orgsClosedBy(db: Db, userId: string) {
  return payloadFieldOf(db, 'OrgClosed', { field: 'closed_by', equals: userId }, 'org_uuid');
}
