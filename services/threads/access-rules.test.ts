import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accessAfterAddToSpace, accessAfterRemoveFromSpace, canRead, isPublished, privacyState, type ReadFacts } from './access-rules.js';
import type { ThreadAccess } from './events.js';

const ACCESS: ThreadAccess[] = ['owner-only', 'private read', 'collection read', 'org read', 'public read'];
const access = fc.constantFrom(...ACCESS);
const facts = fc.record({ access, isOwner: fc.boolean(), isGrantedReader: fc.boolean(), sameOrg: fc.boolean(), inThreadSpace: fc.boolean() });
const nobody: Omit<ReadFacts, 'access'> = { isOwner: false, isGrantedReader: false, sameOrg: false, inThreadSpace: false };

describe('canRead', () => {
  it('lets the owner read every thread and a stranger only a public one', () => {
    fc.assert(
      fc.property(facts, (f) => {
        expect(canRead({ ...f, isOwner: true })).toBe(true);
      }),
    );
    for (const a of ACCESS) expect(canRead({ ...nobody, access: a })).toBe(a === 'public read');
  });

  it('keeps owner-only threads from everyone but the owner, grants or not', () => {
    fc.assert(
      fc.property(facts, (f) => {
        expect(canRead({ ...f, access: 'owner-only' })).toBe(f.isOwner);
      }),
    );
  });

  it('lets granted readers read private threads, the org an org thread and the Space a Space thread', () => {
    expect(canRead({ ...nobody, access: 'private read', isGrantedReader: true })).toBe(true);
    expect(canRead({ ...nobody, access: 'private read', sameOrg: true, inThreadSpace: true })).toBe(false);
    expect(canRead({ ...nobody, access: 'org read', sameOrg: true })).toBe(true);
    expect(canRead({ ...nobody, access: 'org read', inThreadSpace: true })).toBe(false);
    expect(canRead({ ...nobody, access: 'collection read', inThreadSpace: true })).toBe(true);
    expect(canRead({ ...nobody, access: 'collection read', sameOrg: true })).toBe(false);
  });

  it('never reads less when the access widens from private read', () => {
    fc.assert(fc.property(facts, (f) => !canRead({ ...f, access: 'private read' }) || canRead({ ...f, access: 'public read' })));
  });
});

describe('published', () => {
  it('follows the seed: public read; org read for Enterprise; collection read for Enterprise in a Space', () => {
    expect(isPublished('public read', { enterprise: false, inCollection: false })).toBe(true);
    expect(isPublished('org read', { enterprise: true, inCollection: false })).toBe(true);
    expect(isPublished('org read', { enterprise: false, inCollection: false })).toBe(false);
    expect(isPublished('collection read', { enterprise: true, inCollection: true })).toBe(true);
    expect(isPublished('collection read', { enterprise: true, inCollection: false })).toBe(false);
    expect(isPublished('collection read', { enterprise: false, inCollection: true })).toBe(false);
    expect(isPublished('private read', { enterprise: true, inCollection: true })).toBe(false);
    expect(isPublished('owner-only', { enterprise: true, inCollection: true })).toBe(false);
  });

  it('names a privacy state for every access', () => {
    expect(privacyState('owner-only', { enterprise: false, inCollection: false })).toBe('private');
    expect(privacyState('private read', { enterprise: true, inCollection: true })).toBe('private');
    expect(privacyState('org read', { enterprise: false, inCollection: false })).toBe('shared');
    expect(privacyState('public read', { enterprise: false, inCollection: false })).toBe('published');
  });
});

describe('Spaces and access (Enterprise)', () => {
  it('sets collection read (private read in article mode) when owner-only, private or collection', () => {
    for (const a of ['owner-only', 'private read', 'collection read'] as const) {
      expect(accessAfterAddToSpace(a, { enterprise: true, articleMode: false })).toBe('collection read');
      expect(accessAfterAddToSpace(a, { enterprise: true, articleMode: true })).toBe('private read');
    }
    expect(accessAfterAddToSpace('public read', { enterprise: true, articleMode: false })).toBe('public read');
    expect(accessAfterAddToSpace('org read', { enterprise: true, articleMode: false })).toBe('org read');
  });

  it('leaves non-Enterprise access alone and resets collection read to private read on removal', () => {
    fc.assert(fc.property(access, fc.boolean(), (a, articleMode) => accessAfterAddToSpace(a, { enterprise: false, articleMode }) === a));
    expect(accessAfterRemoveFromSpace('collection read')).toBe('private read');
    for (const a of ACCESS.filter((x) => x !== 'collection read')) expect(accessAfterRemoveFromSpace(a)).toBe(a);
  });
});
