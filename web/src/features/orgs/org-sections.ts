// The organisation area's seven sections (seed 003 §2), in the seed's order. No fees are shown
// anywhere in it.
export type OrgSection = { path: string; label: string };

export const ORG_SECTIONS: readonly OrgSection[] = [
  { path: '/account/org/details', label: 'Details' },
  { path: '/account/org/members', label: 'Members' },
  { path: '/account/org/user-access', label: 'User access' },
  { path: '/account/org/permissions', label: 'Permissions' },
  { path: '/account/org/insights', label: 'Insights' },
  { path: '/account/org/connectors', label: 'Connectors' },
  { path: '/account/org/files', label: 'Files' },
];

export const ROLE_LABEL = { owner: 'Owner', admin: 'Admin', member: 'Member' } as const;
export type Role = keyof typeof ROLE_LABEL;
export const isManager = (role: Role | undefined) => role === 'owner' || role === 'admin';
