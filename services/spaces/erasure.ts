// The Spaces' part in deleting an account (docs/data-rights.md): handing an owned Space to a
// member, leaving the Spaces one belongs to, and the personal data their events hold.
import { blank, type Redactors } from '../eventstore/erasure.js';
import { isReadable } from './access-levels.js';
import { spaceErrors } from './errors.js';
import type { SpaceMemberRemoved, SpaceOwnershipTransferred, SpaceState } from './events.js';

/** Members a Space can be handed to: accepted members who can read it (an invitation is not enough). */
export function heirsOf(state: SpaceState) {
  return Object.values(state.members).filter((m) => m.user_id !== null && isReadable(m.level));
}

/** The owner hands the Space to `member_id`, an accepted member; anything else is refused. */
export function decideHandOver(state: SpaceState, cmd: { owner_user_id: string; member_id: string; now: Date }): SpaceOwnershipTransferred[] {
  const created = state.created;
  if (!created || state.deleted) throw spaceErrors.notFound();
  if (created.owner_user_id !== cmd.owner_user_id) {
    // Already handed over to this member by an earlier run of the same deletion: nothing to do.
    if (Object.values(state.members).every((m) => m.member_id !== cmd.member_id)) return [];
    throw spaceErrors.notSpaceOwner();
  }
  const heir = heirsOf(state).find((m) => m.member_id === cmd.member_id);
  if (!heir) throw spaceErrors.memberNotFound();
  return [
    {
      type: 'SpaceOwnershipTransferred',
      data: {
        uuid: created.uuid,
        member_id: heir.member_id,
        previous_owner_user_id: cmd.owner_user_id,
        owner_user_id: heir.user_id!,
        transferred_at: cmd.now.toISOString(),
      },
    },
  ];
}

/** The person leaves every member row that is theirs (by user id or any of their addresses). */
export function decideLeaveAll(state: SpaceState, cmd: { user_id: string; emails: readonly string[]; now: Date }): SpaceMemberRemoved[] {
  if (!state.created || state.deleted) return [];
  return Object.values(state.members)
    .filter((m) => m.user_id === cmd.user_id || cmd.emails.includes(m.email))
    .map((m) => ({
      type: 'SpaceMemberRemoved' as const,
      data: { uuid: state.created!.uuid, member_id: m.member_id, removed_by: cmd.user_id, removed_at: cmd.now.toISOString() },
    }));
}

const removed = (streamId: string, p: { streams: ReadonlySet<string> }) => p.streams.has(streamId);

export const spaceRedactors: Redactors = {
  SpaceCreated: (e, p) => (removed(e.streamId, p) ? blank(e.data, ['title', 'description', 'instructions', 'emoji']) : undefined),
  SpaceEdited: (e, p) =>
    removed(e.streamId, p) ? { ...e.data, changes: blank(e.data.changes ?? {}, ['title', 'description', 'instructions', 'emoji']) } : undefined,
  SpaceLinkAdded: (e, p) => (removed(e.streamId, p) ? blank(e.data, ['title', 'text']) : undefined),
  SpaceMemberInvited: (e, p) => (p.emails.includes(String(e.data.email).toLowerCase()) ? blank(e.data, ['email']) : undefined),
};
