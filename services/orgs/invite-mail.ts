// The mail of an invitation to an organisation: who invites, to what, with which role, and the
// link that opens it. Queued as an account mail (mail id `account-org-invite-...`), so the account
// mail workflow delivers it; without SMTP the outbox shows it only to the verified owner of the address.
import { randomUUID } from 'node:crypto';
import type { OrgMail } from './context.js';
import type { OrgRole } from './events.js';

const ROLE_TEXT: Record<OrgRole, string> = { owner: 'an owner', admin: 'an admin', member: 'a member' };

export const invitationPath = (orgUuid: string, invitationId: string) => `/join/org/${orgUuid}/${invitationId}`;

export function invitationMail(i: {
  org_uuid: string;
  org_name: string;
  invitation_id: string;
  inviter: string;
  email: string;
  role: OrgRole;
  invitee_user_id: string | null;
  expires_at: string;
  publicUrl: string;
}): OrgMail {
  const url = `${i.publicUrl}${invitationPath(i.org_uuid, i.invitation_id)}`;
  return {
    mail_id: `account-org-invite-${i.invitation_id}-${randomUUID()}`,
    user_id: i.invitee_user_id,
    to: i.email,
    subject: `${i.inviter} invited you to ${i.org_name}`,
    text: `Hi,\n\n${i.inviter} invited you to join ${i.org_name} as ${ROLE_TEXT[i.role]}.\n\nOpen this link to accept (it works until ${i.expires_at.slice(0, 10)}; sign in or create an account with ${i.email} and verify it first):\n${url}\n\nIf you did not expect this, ignore this mail: nothing happens without the link.\n`,
  };
}
