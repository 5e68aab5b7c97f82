// Organisation use cases: read the stream, decide, append with the expected version; a racing
// append is retried on the fresh state, a bounded number of times. An organisation made before
// organisations were events (Better Auth's rows only) is given its history first.
import type { EventStore } from '../eventstore/store.js';
import { ConcurrencyError, type NewEvent } from '../eventstore/types.js';
import { evolveOrg, initialOrg, orgStream, type OrgCreated, type OrgMemberJoined, type OrgRole, type OrgState } from './events.js';
import { betterAuthOrganizationOf } from '../identity/index.js';

const MAX_ATTEMPTS = 5;

async function aggregate(store: EventStore, orgUuid: string) {
  const found = await store.aggregate(orgStream(orgUuid), initialOrg, evolveOrg);
  if (found.version > 0 || !(await adoptLegacy(store, orgUuid))) return found;
  return store.aggregate(orgStream(orgUuid), initialOrg, evolveOrg);
}

export async function decideOrg(store: EventStore, orgUuid: string, decide: (state: OrgState) => NewEvent[]): Promise<NewEvent[]> {
  for (let attempt = 1; ; attempt++) {
    const { state, version } = await aggregate(store, orgUuid);
    const events = decide(state);
    try {
      if (events.length) await store.append(orgStream(orgUuid), version, events);
      return events;
    } catch (err) {
      if (!(err instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) throw err;
    }
  }
}

export async function orgState(store: EventStore, orgUuid: string) {
  return (await aggregate(store, orgUuid)).state;
}

const roleOf = (betterAuthRole: string): OrgRole => {
  const roles = betterAuthRole.split(',').map((r) => r.trim());
  return roles.includes('owner') ? 'owner' : roles.includes('admin') ? 'admin' : 'member';
};

/**
 * Records the history of an organisation that only Better Auth's rows know: created by its
 * first owner (or first member), joined by the others with their roles. True when it did.
 */
async function adoptLegacy(store: EventStore, orgUuid: string) {
  const org = await betterAuthOrganizationOf(store.db, orgUuid);
  if (!org) return false;
  const { members } = org;
  const owner = members.find((m) => roleOf(m.role) === 'owner') ?? members[0];
  if (!owner) return false;
  const at = (d: Date | string) => new Date(d).toISOString();
  const created: OrgCreated = {
    type: 'OrgCreated',
    data: {
      org_uuid: orgUuid,
      name: org.name,
      slug: org.slug,
      owner_user_id: owner.userId,
      owner_member_id: owner.id,
      owner_email: owner.email.toLowerCase(),
      created_at: at(org.createdAt),
    },
  };
  const joined: OrgMemberJoined[] = members
    .filter((m) => m.id !== owner.id)
    .map((m) => ({
      type: 'OrgMemberJoined',
      data: {
        org_uuid: orgUuid,
        invitation_id: `adopted-${m.id}`,
        member_id: m.id,
        user_id: m.userId,
        email: m.email.toLowerCase(),
        role: roleOf(m.role),
        joined_at: at(m.createdAt),
      },
    }));
  try {
    await store.append(orgStream(orgUuid), 'no_stream', [created, ...joined]);
  } catch (err) {
    // Adopted by another request at the same time: its history stands.
    if (!(err instanceof ConcurrencyError)) throw err;
  }
  return true;
}
