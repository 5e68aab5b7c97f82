// An organisation as events, one stream per organisation (`org-<uuid>`): its details, members,
// invitations, permissions and who may use what. Better Auth's `organization` and `member` rows
// are written by this domain's projection (projections.ts), never by Better Auth itself.
import type { StoredEvent } from '../eventstore/types.js';

export const ORG_ROLES = ['owner', 'admin', 'member'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

/** Thread access a member's new threads start with (a subset of the seeds' thread access). */
export const DEFAULT_THREAD_ACCESS = ['owner-only', 'private read', 'org read', 'public read'] as const;
export type DefaultThreadAccess = (typeof DEFAULT_THREAD_ACCESS)[number];

export type OrgDetails = { name: string; logo_url: string | null; email_domains: string[]; default_thread_access: DefaultThreadAccess };

export type SpaceCreation = 'everyone' | 'admins';
export type OrgPermissions = { pdf_downloads_restricted: boolean; public_sharing_allowed: boolean; space_creation: SpaceCreation };

/** What one member may use; `models` null means every configured model. */
export type Access = { web_search: boolean; connectors: boolean; file_uploads: boolean; file_downloads: boolean; models: string[] | null };
/** Defaults per role, and overrides per person (by user id) that win over their role's. */
export type UserAccess = { roles: Record<OrgRole, Access>; people: Record<string, Partial<Access>> };

export const FULL_ACCESS: Access = { web_search: true, connectors: true, file_uploads: true, file_downloads: true, models: null };
export const DEFAULT_USER_ACCESS: UserAccess = { roles: { owner: FULL_ACCESS, admin: FULL_ACCESS, member: FULL_ACCESS }, people: {} };
export const DEFAULT_PERMISSIONS: OrgPermissions = { pdf_downloads_restricted: false, public_sharing_allowed: true, space_creation: 'everyone' };

export type OrgCreated = {
  type: 'OrgCreated';
  data: { org_uuid: string; name: string; slug: string; owner_user_id: string; owner_member_id: string; owner_email: string; created_at: string };
};
export type OrgDetailsChanged = { type: 'OrgDetailsChanged'; data: { org_uuid: string; changes: Partial<OrgDetails>; changed_by: string; changed_at: string } };
/** `email` in lower case; the invitation binds only an account whose verified address it is. */
export type OrgMemberInvited = {
  type: 'OrgMemberInvited';
  data: { org_uuid: string; invitation_id: string; email: string; role: OrgRole; invited_by: string; invited_at: string; expires_at: string };
};
export type OrgInvitationResent = {
  type: 'OrgInvitationResent';
  data: { org_uuid: string; invitation_id: string; resent_by: string; resent_at: string; expires_at: string };
};
export type OrgInvitationRevoked = { type: 'OrgInvitationRevoked'; data: { org_uuid: string; invitation_id: string; revoked_by: string; revoked_at: string } };
export type OrgMemberJoined = {
  type: 'OrgMemberJoined';
  data: { org_uuid: string; invitation_id: string; member_id: string; user_id: string; email: string; role: OrgRole; joined_at: string };
};
export type OrgMemberRoleChanged = {
  type: 'OrgMemberRoleChanged';
  data: { org_uuid: string; member_id: string; role: OrgRole; previous_role: OrgRole; changed_by: string; changed_at: string };
};
export type OrgMemberRemoved = {
  type: 'OrgMemberRemoved';
  data: { org_uuid: string; member_id: string; user_id: string; removed_by: string; removed_at: string };
};
export type OrgMemberLeft = { type: 'OrgMemberLeft'; data: { org_uuid: string; member_id: string; user_id: string; left_at: string } };
export type OrgPermissionsChanged = {
  type: 'OrgPermissionsChanged';
  data: { org_uuid: string; changes: Partial<OrgPermissions>; changed_by: string; changed_at: string };
};
/** The organisation ends: its last member deleted their account (it had nobody else to hand it to). */
export type OrgClosed = { type: 'OrgClosed'; data: { org_uuid: string; closed_by: string; closed_at: string } };
/** The whole user-access setting as it now is. */
export type OrgUserAccessChanged = {
  type: 'OrgUserAccessChanged';
  data: { org_uuid: string; user_access: UserAccess; changed_by: string; changed_at: string };
};

/**
 * Single sign-on (sso-decide.ts). A claim names the email domain and the token its DNS TXT record
 * must carry; verifying records that the record was seen; configuring names the OpenID provider,
 * with the client secret sealed by the server's key (never in clear, never sent to a browser).
 */
export type OrgSsoDomainClaimed = {
  type: 'OrgSsoDomainClaimed';
  data: { org_uuid: string; domain: string; token: string; claimed_by: string; claimed_at: string };
};
export type OrgSsoDomainVerified = { type: 'OrgSsoDomainVerified'; data: { org_uuid: string; domain: string; verified_by: string; verified_at: string } };
export type OrgSsoConfigured = {
  type: 'OrgSsoConfigured';
  data: { org_uuid: string; issuer: string; client_id: string; client_secret_sealed: string; configured_by: string; configured_at: string };
};
export type OrgSsoRemoved = { type: 'OrgSsoRemoved'; data: { org_uuid: string; removed_by: string; removed_at: string } };

export type OrgEvent =
  | OrgCreated
  | OrgDetailsChanged
  | OrgMemberInvited
  | OrgInvitationResent
  | OrgInvitationRevoked
  | OrgMemberJoined
  | OrgMemberRoleChanged
  | OrgMemberRemoved
  | OrgMemberLeft
  | OrgPermissionsChanged
  | OrgUserAccessChanged
  | OrgClosed
  | OrgSsoDomainClaimed
  | OrgSsoDomainVerified
  | OrgSsoConfigured
  | OrgSsoRemoved;

export const ORG_EVENT_TYPES = [
  'OrgCreated',
  'OrgDetailsChanged',
  'OrgMemberInvited',
  'OrgInvitationResent',
  'OrgInvitationRevoked',
  'OrgMemberJoined',
  'OrgMemberRoleChanged',
  'OrgMemberRemoved',
  'OrgMemberLeft',
  'OrgPermissionsChanged',
  'OrgUserAccessChanged',
  'OrgClosed',
  'OrgSsoDomainClaimed',
  'OrgSsoDomainVerified',
  'OrgSsoConfigured',
  'OrgSsoRemoved',
] as const;

export const orgStream = (orgUuid: string) => `org-${orgUuid}`;

export type OrgMember = { member_id: string; user_id: string; email: string; role: OrgRole };
export type OrgInvitation = { invitation_id: string; email: string; role: OrgRole; expires_at: string };
/** The organisation's single sign-on: a claimed domain, verified or not, and its provider once configured. */
export type OrgSso = {
  domain: string;
  token: string;
  verified: boolean;
  provider: { issuer: string; client_id: string; client_secret_sealed: string } | null;
};
export type OrgState = {
  org_uuid: string | null;
  details: OrgDetails | null;
  members: Record<string, OrgMember>;
  /** Pending invitations only: accepted and revoked ones leave. */
  invitations: Record<string, OrgInvitation>;
  permissions: OrgPermissions;
  user_access: UserAccess;
  sso: OrgSso | null;
};
export const initialOrg: OrgState = {
  org_uuid: null,
  details: null,
  members: {},
  invitations: {},
  permissions: DEFAULT_PERMISSIONS,
  user_access: DEFAULT_USER_ACCESS,
  sso: null,
};

export function evolveOrg(state: OrgState, event: Pick<StoredEvent, 'type' | 'data'>): OrgState {
  const e = { type: event.type, data: event.data } as OrgEvent;
  switch (e.type) {
    case 'OrgCreated': {
      const d = e.data;
      const owner: OrgMember = { member_id: d.owner_member_id, user_id: d.owner_user_id, email: d.owner_email, role: 'owner' };
      return {
        ...state,
        org_uuid: d.org_uuid,
        details: { name: d.name, logo_url: null, email_domains: [], default_thread_access: 'owner-only' },
        members: { [owner.member_id]: owner },
      };
    }
    case 'OrgDetailsChanged':
      return state.details ? { ...state, details: { ...state.details, ...e.data.changes } } : state;
    case 'OrgMemberInvited': {
      const { invitation_id, email, role, expires_at } = e.data;
      return { ...state, invitations: { ...state.invitations, [invitation_id]: { invitation_id, email, role, expires_at } } };
    }
    case 'OrgInvitationResent': {
      const i = state.invitations[e.data.invitation_id];
      return i ? { ...state, invitations: { ...state.invitations, [i.invitation_id]: { ...i, expires_at: e.data.expires_at } } } : state;
    }
    case 'OrgInvitationRevoked': {
      const { [e.data.invitation_id]: _gone, ...rest } = state.invitations;
      return { ...state, invitations: rest };
    }
    case 'OrgMemberJoined': {
      const { [e.data.invitation_id]: _used, ...rest } = state.invitations;
      const { member_id, user_id, email, role } = e.data;
      return { ...state, invitations: rest, members: { ...state.members, [member_id]: { member_id, user_id, email, role } } };
    }
    case 'OrgMemberRoleChanged': {
      const m = state.members[e.data.member_id];
      return m ? { ...state, members: { ...state.members, [m.member_id]: { ...m, role: e.data.role } } } : state;
    }
    case 'OrgMemberRemoved':
    case 'OrgMemberLeft': {
      const { [e.data.member_id]: _gone, ...rest } = state.members;
      return { ...state, members: rest };
    }
    case 'OrgPermissionsChanged':
      return { ...state, permissions: { ...state.permissions, ...e.data.changes } };
    case 'OrgUserAccessChanged':
      return { ...state, user_access: e.data.user_access };
    case 'OrgClosed':
      // Nobody is in it and nothing more can be decided on it: to everyone it no longer exists.
      return initialOrg;
    case 'OrgSsoDomainClaimed':
      // A new domain starts unproven; its provider (if any) stays, unusable until it is proven.
      return { ...state, sso: { domain: e.data.domain, token: e.data.token, verified: false, provider: state.sso?.provider ?? null } };
    case 'OrgSsoDomainVerified':
      return state.sso?.domain === e.data.domain ? { ...state, sso: { ...state.sso, verified: true } } : state;
    case 'OrgSsoConfigured': {
      const { issuer, client_id, client_secret_sealed } = e.data;
      return state.sso ? { ...state, sso: { ...state.sso, provider: { issuer, client_id, client_secret_sealed } } } : state;
    }
    case 'OrgSsoRemoved':
      return { ...state, sso: null };
    default:
      return state;
  }
}
