// A Space as events, one stream per Space. Threads enter and leave a Space on their own stream
// (threads/events.ts ThreadAddedToSpace / ThreadRemovedFromSpace).
import type { StoredEvent } from '../eventstore/types.js';
import type { AccessLevel, SpaceAccess } from './access-levels.js';

export type SpaceFields = {
  title: string;
  description: string;
  instructions: string;
  emoji: string;
  enable_web_by_default: boolean;
};

export type SpaceCreated = {
  type: 'SpaceCreated';
  data: SpaceFields & { uuid: string; access: SpaceAccess; template_id: string | null; owner_user_id: string; created_at: string };
};
export type SpaceEdited = { type: 'SpaceEdited'; data: { uuid: string; changes: Partial<SpaceFields>; edited_by: string; edited_at: string } };
export type SpaceAccessChanged = {
  type: 'SpaceAccessChanged';
  data: { uuid: string; access: SpaceAccess; previous_access: SpaceAccess; changed_by: string; changed_at: string };
};
export type SpaceDeleted = { type: 'SpaceDeleted'; data: { uuid: string; deleted_by: string; deleted_at: string } };
/** `email` is lower-case; `level` an INVITED_* level until accepted. */
export type SpaceMemberInvited = {
  type: 'SpaceMemberInvited';
  data: { uuid: string; member_id: string; email: string; level: AccessLevel; invited_by: string; invited_at: string };
};
export type SpaceInviteAccepted = {
  type: 'SpaceInviteAccepted';
  data: { uuid: string; member_id: string; user_id: string; level: AccessLevel; accepted_at: string };
};
export type SpaceMemberRoleChanged = {
  type: 'SpaceMemberRoleChanged';
  data: { uuid: string; member_id: string; level: AccessLevel; changed_by: string; changed_at: string };
};
export type SpaceMemberRemoved = { type: 'SpaceMemberRemoved'; data: { uuid: string; member_id: string; removed_by: string; removed_at: string } };
/** The page as fetched when the link was added: its text is what gets indexed. */
/** `text_truncated`: the page had more text than a link keeps (links/extract.ts MAX_PAGE_TEXT); absent when it had not. */
export type SpaceLinkAdded = {
  type: 'SpaceLinkAdded';
  data: { uuid: string; link: string; title: string; text: string; text_truncated?: true; added_by: string; added_at: string };
};
export type SpaceLinkRemoved = { type: 'SpaceLinkRemoved'; data: { uuid: string; link: string; removed_by: string; removed_at: string } };

/**
 * The owner's account was deleted and they handed the Space to one of its members: that member
 * becomes the owner (their member row goes, as an owner has none).
 */
export type SpaceOwnershipTransferred = {
  type: 'SpaceOwnershipTransferred';
  data: { uuid: string; member_id: string; previous_owner_user_id: string; owner_user_id: string; transferred_at: string };
};

export type SpaceEvent =
  | SpaceOwnershipTransferred
  | SpaceCreated
  | SpaceEdited
  | SpaceAccessChanged
  | SpaceDeleted
  | SpaceMemberInvited
  | SpaceInviteAccepted
  | SpaceMemberRoleChanged
  | SpaceMemberRemoved
  | SpaceLinkAdded
  | SpaceLinkRemoved;

export const SPACE_EVENT_TYPES = [
  'SpaceCreated',
  'SpaceEdited',
  'SpaceAccessChanged',
  'SpaceDeleted',
  'SpaceMemberInvited',
  'SpaceInviteAccepted',
  'SpaceMemberRoleChanged',
  'SpaceMemberRemoved',
  'SpaceLinkAdded',
  'SpaceLinkRemoved',
  'SpaceOwnershipTransferred',
] as const;

export const spaceStream = (uuid: string) => `space-${uuid}`;

export type MemberState = { member_id: string; email: string; user_id: string | null; level: AccessLevel };
export type SpaceState = {
  created: SpaceCreated['data'] | null;
  deleted: boolean;
  fields: SpaceFields | null;
  access: SpaceAccess | null;
  members: Record<string, MemberState>;
  links: string[];
};
export const initialSpace: SpaceState = { created: null, deleted: false, fields: null, access: null, members: {}, links: [] };

export function evolveSpace(state: SpaceState, event: StoredEvent): SpaceState {
  const e = { type: event.type, data: event.data } as SpaceEvent;
  switch (e.type) {
    case 'SpaceCreated': {
      const { title, description, instructions, emoji, enable_web_by_default } = e.data;
      return { ...state, created: e.data, fields: { title, description, instructions, emoji, enable_web_by_default }, access: e.data.access };
    }
    case 'SpaceEdited':
      return state.fields ? { ...state, fields: { ...state.fields, ...e.data.changes } } : state;
    case 'SpaceAccessChanged':
      return { ...state, access: e.data.access };
    case 'SpaceDeleted':
      return { ...state, deleted: true };
    case 'SpaceMemberInvited':
      return {
        ...state,
        members: { ...state.members, [e.data.member_id]: { member_id: e.data.member_id, email: e.data.email, user_id: null, level: e.data.level } },
      };
    case 'SpaceInviteAccepted':
    case 'SpaceMemberRoleChanged': {
      const m = state.members[e.data.member_id];
      if (!m) return state;
      const user_id = e.type === 'SpaceInviteAccepted' ? e.data.user_id : m.user_id;
      return { ...state, members: { ...state.members, [m.member_id]: { ...m, user_id, level: e.data.level } } };
    }
    case 'SpaceMemberRemoved': {
      const { [e.data.member_id]: _gone, ...rest } = state.members;
      return { ...state, members: rest };
    }
    case 'SpaceLinkAdded':
      return state.links.includes(e.data.link) ? state : { ...state, links: [...state.links, e.data.link] };
    case 'SpaceLinkRemoved':
      return { ...state, links: state.links.filter((l) => l !== e.data.link) };
    case 'SpaceOwnershipTransferred': {
      if (!state.created) return state;
      const { [e.data.member_id]: _owner, ...rest } = state.members;
      return { ...state, created: { ...state.created, owner_user_id: e.data.owner_user_id }, members: rest };
    }
    default:
      return state;
  }
}
