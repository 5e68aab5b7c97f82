// Better Auth's `organization` and `member` rows, kept in step with the organisations' events
// (orgs sits above identity: identity reads its event types only). Those rows are what the
// session's `org_uuid` (orgOf) reads, and nothing else writes them. Upserts and deletes, so a
// rebuild replays onto them harmlessly; a rebuild never empties them (`tables` is empty), since
// an organisation made before organisations were events lives only there until orgs adopts it.
import { sql } from 'kysely';
import type { Projection, Trx } from '../eventstore/types.js';
import type { OrgEvent } from '../orgs/events.js';
import type { AccountErased } from './events.js';
import { own } from './tables.js';

const HANDLES = [
  'OrgCreated',
  'OrgDetailsChanged',
  'OrgMemberJoined',
  'OrgMemberRoleChanged',
  'OrgMemberRemoved',
  'OrgMemberLeft',
  'OrgClosed',
] as const satisfies readonly OrgEvent['type'][];

export const betterAuthOrgsProjection: Projection = {
  name: 'better-auth-organizations',
  tables: [],
  handles: [...HANDLES, 'AccountErased'],
  async apply(trx, event) {
    // A deleted account leaves every organisation (docs/data-rights.md).
    if (event.type === 'AccountErased') {
      await own(trx)
        .deleteFrom('member')
        .where('userId', '=', (event.data as AccountErased['data']).user_id)
        .execute();
      return;
    }
    const e = { type: event.type, data: event.data } as OrgEvent;
    switch (e.type) {
      case 'OrgCreated': {
        const d = e.data;
        await own(trx)
          .insertInto('organization')
          .values({ id: d.org_uuid, name: d.name, slug: d.slug, logo: null, createdAt: d.created_at })
          .onConflict((oc) => oc.column('id').doUpdateSet({ name: d.name, slug: d.slug }))
          .execute();
        await putMember(trx, { id: d.owner_member_id, org: d.org_uuid, user: d.owner_user_id, role: 'owner', at: d.created_at });
        return;
      }
      case 'OrgDetailsChanged': {
        const { name, logo_url } = e.data.changes;
        if (name !== undefined || logo_url !== undefined)
          await own(trx)
            .updateTable('organization')
            .set({ ...(name !== undefined ? { name } : {}), ...(logo_url !== undefined ? { logo: logo_url } : {}) })
            .where('id', '=', e.data.org_uuid)
            .execute();
        return;
      }
      case 'OrgMemberJoined': {
        const d = e.data;
        await putMember(trx, { id: d.member_id, org: d.org_uuid, user: d.user_id, role: d.role, at: d.joined_at });
        return;
      }
      case 'OrgMemberRoleChanged':
        await own(trx).updateTable('member').set({ role: e.data.role }).where('id', '=', e.data.member_id).execute();
        return;
      case 'OrgMemberRemoved':
      case 'OrgMemberLeft':
        await own(trx).deleteFrom('member').where('id', '=', e.data.member_id).execute();
        return;
      case 'OrgClosed': {
        const org = e.data.org_uuid;
        // Its invitations in Better Auth's table go too (from before organisations were events).
        await own(trx).deleteFrom('member').where('organizationId', '=', org).execute();
        await sql`delete from "invitation" where "organizationId" = ${org}`.execute(trx);
        await own(trx).deleteFrom('organization').where('id', '=', org).execute();
        return;
      }
    }
  },
};

function putMember(trx: Trx, m: { id: string; org: string; user: string; role: string; at: string }) {
  return own(trx)
    .insertInto('member')
    .values({ id: m.id, organizationId: m.org, userId: m.user, role: m.role, createdAt: m.at })
    .onConflict((oc) => oc.column('id').doUpdateSet({ role: m.role }))
    .execute();
}
