import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACCESS_LEVEL,
  ACCESS_LEVELS,
  canEditSources,
  invitedLevel,
  isInvited,
  isOwnerLevel,
  isReadable,
  isReaderOnly,
  isWriteCapable,
  roleLevel,
  roleOf,
  showsInstructions,
  SPACE_ROLES,
  spacePermission,
} from './access-levels.js';

const level = fc.constantFrom(...ACCESS_LEVELS);

describe('access levels (seed 000 §6)', () => {
  it('has the seeds numeric table', () => {
    expect(ACCESS_LEVEL).toEqual({
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
    });
  });

  it('names the owner, invited, write-capable, readable and reader-only levels exactly', () => {
    expect(ACCESS_LEVELS.filter(isOwnerLevel)).toEqual([4, 6]);
    expect(ACCESS_LEVELS.filter(isInvited)).toEqual([11, 12, 13, 15]);
    expect(ACCESS_LEVELS.filter(isWriteCapable)).toEqual([2, 3, 4, 5, 6]);
    expect(ACCESS_LEVELS.filter(isReadable)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ACCESS_LEVELS.filter(isReaderOnly)).toEqual([1, 11]);
  });

  it('never lets an invitation read or write, and every writer reads', () => {
    fc.assert(
      fc.property(level, (l) => {
        const p = spacePermission(l);
        if (p.invited) expect(p.atLeastReader || p.atLeastWriter || canEditSources(l)).toBe(false);
        if (p.atLeastWriter) expect(p.atLeastReader).toBe(true);
        if (p.owner) expect(p.atLeastWriter).toBe(true);
        expect(canEditSources(l)).toBe(p.atLeastWriter && !p.invited);
      }),
    );
  });

  it('an invitation to a role becomes that role, and the role is read back from either level', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SPACE_ROLES), (role) => {
        expect(isInvited(invitedLevel(role))).toBe(true);
        expect(isInvited(roleLevel(role))).toBe(false);
        expect(roleOf(invitedLevel(role))).toBe(role);
        expect(roleOf(roleLevel(role))).toBe(role);
      }),
    );
    expect(roleOf(ACCESS_LEVEL.NONE)).toBeNull();
    expect(roleOf(ACCESS_LEVEL.OWNER)).toBeNull();
  });

  it('shows Instructions to readers only in a template Space', () => {
    expect(showsInstructions(ACCESS_LEVEL.READER, null)).toBe(false);
    expect(showsInstructions(ACCESS_LEVEL.READER, 'research')).toBe(true);
    expect(showsInstructions(ACCESS_LEVEL.INVITED_READER, null)).toBe(false);
    fc.assert(fc.property(level, fc.option(fc.string()), (l, t) => showsInstructions(l, t) === (!isReaderOnly(l) || t !== null)));
  });
});
