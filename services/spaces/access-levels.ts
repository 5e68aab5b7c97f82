// Space access levels (seed 000 §6 "Access levels") and the permission a level gives. Pure and
// free of Node, so the web client imports this very module.

export const ACCESS_LEVEL = {
  NONE: 0,
  READER: 1,
  WRITER: 2,
  ADMIN: 3,
  OWNER: 4,
  EDITOR: 5,
  OWNER_DEFAULT_BOOKMARKS: 6,
  INVITED_READER: 11,
  INVITED_WRITER: 12,
  INVITED_ADMIN: 13,
  INVITED_EDITOR: 15,
} as const;
export type AccessLevel = (typeof ACCESS_LEVEL)[keyof typeof ACCESS_LEVEL];
export const ACCESS_LEVELS = Object.values(ACCESS_LEVEL) as AccessLevel[];

const INVITED: readonly number[] = [ACCESS_LEVEL.INVITED_READER, ACCESS_LEVEL.INVITED_WRITER, ACCESS_LEVEL.INVITED_ADMIN, ACCESS_LEVEL.INVITED_EDITOR];

/** OWNER and OWNER_DEFAULT_BOOKMARKS. */
export const isOwnerLevel = (level: number) => level === ACCESS_LEVEL.OWNER || level === ACCESS_LEVEL.OWNER_DEFAULT_BOOKMARKS;
/** The four INVITED_* values. */
export const isInvited = (level: number) => INVITED.includes(level);
/** From WRITER up to, but excluding, the invited ones. */
export const isWriteCapable = (level: number) => level >= ACCESS_LEVEL.WRITER && level < ACCESS_LEVEL.INVITED_READER;
/** From READER up to, excluding the invited ones. */
export const isReadable = (level: number) => level >= ACCESS_LEVEL.READER && level < ACCESS_LEVEL.INVITED_READER;
/** READER or INVITED_READER. */
export const isReaderOnly = (level: number) => level === ACCESS_LEVEL.READER || level === ACCESS_LEVEL.INVITED_READER;
/** Owners and admins manage members, access and web search. */
export const isAdminCapable = (level: number) => isOwnerLevel(level) || level === ACCESS_LEVEL.ADMIN;

/** The permission derived from user_permission (seed 000 §6 "Roles and permissions"). */
export type SpacePermission = { owner: boolean; invited: boolean; reader: boolean; atLeastReader: boolean; atLeastWriter: boolean };
export function spacePermission(level: number): SpacePermission {
  return {
    owner: isOwnerLevel(level),
    invited: isInvited(level),
    reader: isReaderOnly(level),
    atLeastReader: isReadable(level),
    atLeastWriter: isWriteCapable(level),
  };
}

/** Editing instructions and adding files or links: at-least-writer and not invited. */
export const canEditSources = (level: number) => isWriteCapable(level) && !isInvited(level);
/** Readers see the Instructions section only in a template Space. */
export const showsInstructions = (level: number, templateId: string | null) => !isReaderOnly(level) || templateId !== null;

/** The roles a member can hold, and the level an invitation to each holds until accepted. */
export const SPACE_ROLES = ['READER', 'WRITER', 'ADMIN', 'EDITOR'] as const;
export type SpaceRole = (typeof SPACE_ROLES)[number];
export const roleLevel = (role: SpaceRole): AccessLevel => ACCESS_LEVEL[role];
export const invitedLevel = (role: SpaceRole): AccessLevel => ACCESS_LEVEL[`INVITED_${role}`];
/** The role behind a member's or an invitation's level (null for NONE and owner levels). */
export function roleOf(level: number): SpaceRole | null {
  const base = isInvited(level) ? level - 10 : level;
  return SPACE_ROLES.find((r) => ACCESS_LEVEL[r] === base) ?? null;
}

/** Who may see a Space besides its members (CollectionAccess in the spec). */
export const SPACE_ACCESS = { PRIVATE: 1, ANYONE_WITH_LINK: 2, ORGANIZATION: 3 } as const;
export type SpaceAccess = (typeof SPACE_ACCESS)[keyof typeof SPACE_ACCESS];

/** The documented maximum lengths of a Space's fields (the seeds leave them to the project). */
export const SPACE_LIMITS = { title: 100, description: 500, instructions: 4000, links: 50 } as const;
export const DEFAULT_SPACE_TITLE = 'New Space';
