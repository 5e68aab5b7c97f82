// Read models of organisations: `orgs`, `org_members`, `org_invitations`, `org_sso`. Better
// Auth's `organization` and `member` rows are identity's, kept in step with the same events by
// identity's organization-projection.ts.
import type { Projection, Trx } from '../eventstore/types.js';
import { DEFAULT_USER_ACCESS, ORG_EVENT_TYPES, type OrgEvent } from './events.js';
import type { AccountErased } from '../identity/events.js';
import { own } from './tables.js';

const touch = (trx: Trx, uuid: string, at: string) => own(trx).updateTable('orgs').set({ updated_at: at }).where('uuid', '=', uuid).execute();

export const orgsProjection: Projection = {
  name: 'orgs',
  tables: ['orgs', 'org_members', 'org_invitations', 'org_sso'],
  handles: [...ORG_EVENT_TYPES, 'AccountErased'],
  async apply(trx, event) {
    // A deleted account leaves every organisation's read model (docs/data-rights.md).
    if (event.type === 'AccountErased') {
      const userId = (event.data as AccountErased['data']).user_id;
      await own(trx).deleteFrom('org_members').where('user_id', '=', userId).execute();
      return;
    }
    const e = { type: event.type, data: event.data } as OrgEvent;
    switch (e.type) {
      case 'OrgCreated': {
        const d = e.data;
        await own(trx)
          .insertInto('orgs')
          .values({
            uuid: d.org_uuid,
            name: d.name,
            slug: d.slug,
            logo_url: null,
            email_domains: '[]',
            default_thread_access: 'owner-only',
            user_access: JSON.stringify(DEFAULT_USER_ACCESS),
            created_at: d.created_at,
            updated_at: d.created_at,
          })
          .execute();
        await own(trx)
          .insertInto('org_members')
          .values({
            member_id: d.owner_member_id,
            org_uuid: d.org_uuid,
            user_id: d.owner_user_id,
            email: d.owner_email,
            role: 'owner',
            joined_at: d.created_at,
          })
          .execute();
        return;
      }
      case 'OrgDetailsChanged': {
        const { email_domains, ...rest } = e.data.changes;
        await own(trx)
          .updateTable('orgs')
          .set({ ...rest, ...(email_domains ? { email_domains: JSON.stringify(email_domains) } : {}), updated_at: e.data.changed_at })
          .where('uuid', '=', e.data.org_uuid)
          .execute();
        return;
      }
      case 'OrgMemberInvited': {
        const d = e.data;
        await own(trx)
          .insertInto('org_invitations')
          .values({
            invitation_id: d.invitation_id,
            org_uuid: d.org_uuid,
            email: d.email,
            role: d.role,
            invited_by: d.invited_by,
            invited_at: d.invited_at,
            last_sent_at: d.invited_at,
            expires_at: d.expires_at,
          })
          .execute();
        return;
      }
      case 'OrgInvitationResent':
        await own(trx)
          .updateTable('org_invitations')
          .set({ last_sent_at: e.data.resent_at, expires_at: e.data.expires_at })
          .where('invitation_id', '=', e.data.invitation_id)
          .execute();
        return;
      case 'OrgInvitationRevoked':
        await own(trx).deleteFrom('org_invitations').where('invitation_id', '=', e.data.invitation_id).execute();
        return;
      case 'OrgMemberJoined': {
        const d = e.data;
        await own(trx).deleteFrom('org_invitations').where('invitation_id', '=', d.invitation_id).execute();
        await own(trx)
          .insertInto('org_members')
          .values({ member_id: d.member_id, org_uuid: d.org_uuid, user_id: d.user_id, email: d.email, role: d.role, joined_at: d.joined_at })
          .execute();
        await touch(trx, d.org_uuid, d.joined_at);
        return;
      }
      case 'OrgMemberRoleChanged':
        await own(trx).updateTable('org_members').set({ role: e.data.role }).where('member_id', '=', e.data.member_id).execute();
        return;
      case 'OrgMemberRemoved':
      case 'OrgMemberLeft':
        await own(trx).deleteFrom('org_members').where('member_id', '=', e.data.member_id).execute();
        return;
      case 'OrgPermissionsChanged':
        await own(trx)
          .updateTable('orgs')
          .set({ ...e.data.changes, updated_at: e.data.changed_at })
          .where('uuid', '=', e.data.org_uuid)
          .execute();
        return;
      case 'OrgClosed': {
        const org = e.data.org_uuid;
        // Its single sign-on goes too: the domain is free for another organisation, and nobody joins a closed one.
        await own(trx).deleteFrom('org_sso').where('org_uuid', '=', org).execute();
        await own(trx).deleteFrom('org_invitations').where('org_uuid', '=', org).execute();
        await own(trx).deleteFrom('org_members').where('org_uuid', '=', org).execute();
        await own(trx).deleteFrom('orgs').where('uuid', '=', org).execute();
        return;
      }
      case 'OrgUserAccessChanged':
        await own(trx)
          .updateTable('orgs')
          .set({ user_access: JSON.stringify(e.data.user_access), updated_at: e.data.changed_at })
          .where('uuid', '=', e.data.org_uuid)
          .execute();
        return;
      case 'OrgSsoDomainClaimed': {
        const d = e.data;
        // A claim of another domain starts over unproven; the provider stays, as in evolveOrg.
        await own(trx)
          .insertInto('org_sso')
          .values({ org_uuid: d.org_uuid, domain: d.domain, token: d.token, verified_at: null, updated_at: d.claimed_at })
          .onConflict((oc) => oc.column('org_uuid').doUpdateSet({ domain: d.domain, token: d.token, verified_at: null, updated_at: d.claimed_at }))
          .execute();
        return;
      }
      case 'OrgSsoDomainVerified':
        await own(trx)
          .updateTable('org_sso')
          .set({ verified_at: e.data.verified_at, updated_at: e.data.verified_at })
          .where('org_uuid', '=', e.data.org_uuid)
          .where('domain', '=', e.data.domain)
          .execute();
        return;
      case 'OrgSsoConfigured': {
        const d = e.data;
        await own(trx)
          .updateTable('org_sso')
          .set({
            issuer: d.issuer,
            client_id: d.client_id,
            client_secret_sealed: d.client_secret_sealed,
            configured_at: d.configured_at,
            updated_at: d.configured_at,
          })
          .where('org_uuid', '=', d.org_uuid)
          .execute();
        return;
      }
      case 'OrgSsoRemoved':
        await own(trx).deleteFrom('org_sso').where('org_uuid', '=', e.data.org_uuid).execute();
        return;
    }
  },
};
