// The organisation's read models as the API shows them.
import type { Access, OrgPermissions, OrgRole, UserAccess } from './events.js';
import type { findOrg, listInvitations, listMembers } from './queries.js';

type OrgRow = NonNullable<Awaited<ReturnType<typeof findOrg>>>;
const iso = (d: Date | string) => new Date(d).toISOString();

export function detailsView(org: OrgRow, myRole: OrgRole) {
  return {
    uuid: org.uuid,
    name: org.name,
    slug: org.slug,
    logo_url: org.logo_url,
    email_domains: org.email_domains,
    default_thread_access: org.default_thread_access as 'owner-only',
    my_role: myRole,
  };
}

export function memberListView(myRole: OrgRole, members: Awaited<ReturnType<typeof listMembers>>, invitations: Awaited<ReturnType<typeof listInvitations>>) {
  return {
    my_role: myRole,
    members: members.map((m) => ({
      member_id: m.member_id,
      user_id: m.user_id,
      email: m.email,
      name: m.name ?? null,
      role: m.role as 'member',
      joined_at: iso(m.joined_at),
    })),
    invitations: invitations.map((i) => ({
      invitation_id: i.invitation_id,
      email: i.email,
      role: i.role as 'member',
      invited_at: iso(i.invited_at),
      last_sent_at: iso(i.last_sent_at),
      expires_at: iso(i.expires_at),
    })),
  };
}

export const permissionsOf = (org: OrgRow): OrgPermissions => ({
  pdf_downloads_restricted: org.pdf_downloads_restricted,
  public_sharing_allowed: org.public_sharing_allowed,
  space_creation: org.space_creation as OrgPermissions['space_creation'],
});

/** User access in one order of keys (jsonb keeps its own), the order the spec lists them in. */
export function userAccessView(ua: UserAccess): UserAccess {
  const keys = ['web_search', 'connectors', 'file_uploads', 'file_downloads', 'models'] as const;
  const ordered = <T extends Partial<Access>>(a: T) => Object.fromEntries(keys.filter((k) => a[k] !== undefined).map((k) => [k, a[k]])) as T;
  return {
    roles: { owner: ordered(ua.roles.owner), admin: ordered(ua.roles.admin), member: ordered(ua.roles.member) },
    people: Object.fromEntries(Object.entries(ua.people).map(([id, a]) => [id, ordered(a)])),
  };
}
