// Words for a caller's or a member's access level.
import { isInvited, isOwnerLevel, roleOf, type SpaceRole } from '../../../../services/spaces/pure';

export const ROLE_LABEL: Record<SpaceRole, string> = { READER: 'Reader', WRITER: 'Writer', ADMIN: 'Admin', EDITOR: 'Editor' };

export const ROLE_DESCRIPTION: Record<SpaceRole, string> = {
  READER: 'Reads the Space and its threads',
  WRITER: 'Adds threads, links and instructions',
  ADMIN: 'Also manages members and access',
  EDITOR: 'Adds threads, links and instructions',
};

/** "Owner", "Writer", "Invited as Reader"; empty for no access. */
export function roleLabel(level: number): string {
  if (isOwnerLevel(level)) return 'Owner';
  const role = roleOf(level);
  if (!role) return '';
  return isInvited(level) ? `Invited as ${ROLE_LABEL[role]}` : ROLE_LABEL[role];
}
