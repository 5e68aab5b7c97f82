// The share menu's choices: the five access values (seed 000 §3 Thread), with what each means
// and whether this owner may pick it now.
import type { ThreadAccess } from '../../../../generated/react-query/model';

export type AccessOption = { value: ThreadAccess; label: string; description: string };

export const ACCESS_OPTIONS: AccessOption[] = [
  { value: 'owner-only', label: 'Only me', description: 'Nobody else, even people you let in before.' },
  { value: 'private read', label: 'Private', description: 'You, and people whose access request you grant.' },
  { value: 'collection read', label: 'Space', description: 'Members of the Space this thread is in.' },
  { value: 'org read', label: 'Organisation', description: 'Everyone in your organisation.' },
  { value: 'public read', label: 'Anyone with the link', description: 'Anyone who has the link can read it.' },
];

/** Why an option cannot be picked right now, or null when it can. */
export function unavailableReason(value: ThreadAccess, ctx: { enterprise: boolean; inSpace: boolean }): string | null {
  if (value === 'org read' && !ctx.enterprise) return 'Needs an organisation';
  if (value === 'collection read' && !ctx.inSpace) return 'Add the thread to a Space first';
  return null;
}

export const accessLabel = (value: ThreadAccess) => ACCESS_OPTIONS.find((o) => o.value === value)?.label ?? value;

export const PRIVACY_LABEL = { private: 'Private', shared: 'Shared', published: 'Published' } as const;
