// Who may read a thread, and when it counts as published (seed 000 §4 "Thread privacy", seed 003
// §4 "Thread access and publication"). Pure: the callers look up memberships and grants.
import type { ThreadAccess } from './events.js';

export type ReadFacts = {
  access: ThreadAccess;
  isOwner: boolean;
  /** The owner let this user in (an answered access request). */
  isGrantedReader: boolean;
  /** The viewer and the owner are in the same organisation. */
  sameOrg: boolean;
  /** The viewer is a member of the Space the thread is in. */
  inThreadSpace: boolean;
};

/**
 * owner-only: the owner alone. private read: also the readers the owner let in. collection
 * read: also the Space's members. org read: also the owner's organisation. public read: anyone
 * with the link.
 */
export function canRead(f: ReadFacts): boolean {
  if (f.isOwner || f.access === 'public read') return true;
  if (f.access === 'owner-only') return false;
  if (f.isGrantedReader) return true;
  if (f.access === 'org read') return f.sameOrg;
  if (f.access === 'collection read') return f.inThreadSpace;
  return false;
}

/** Published: public read, or org read for an Enterprise owner, or collection read for an Enterprise owner in a Space. */
export function isPublished(access: ThreadAccess, owner: { enterprise: boolean; inCollection: boolean }): boolean {
  if (access === 'public read') return true;
  if (access === 'org read') return owner.enterprise;
  if (access === 'collection read') return owner.enterprise && owner.inCollection;
  return false;
}

export type PrivacyState = 'private' | 'shared' | 'published';
export function privacyState(access: ThreadAccess, owner: { enterprise: boolean; inCollection: boolean }): PrivacyState {
  if (isPublished(access, owner)) return 'published';
  return access === 'owner-only' || access === 'private read' ? 'private' : 'shared';
}

/**
 * Adding a thread to a Space, for an Enterprise user: owner-only, private read and collection
 * read become collection read (private read in article mode). Others keep their access.
 */
export function accessAfterAddToSpace(access: ThreadAccess, opts: { enterprise: boolean; articleMode: boolean }): ThreadAccess {
  if (!opts.enterprise) return access;
  if (access !== 'owner-only' && access !== 'private read' && access !== 'collection read') return access;
  return opts.articleMode ? 'private read' : 'collection read';
}

/** Taking a thread out of its Space: collection read falls back to private read. */
export function accessAfterRemoveFromSpace(access: ThreadAccess): ThreadAccess {
  return access === 'collection read' ? 'private read' : access;
}
