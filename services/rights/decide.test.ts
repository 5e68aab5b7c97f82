import { describe, expect, test } from 'vitest';
import { checkDownload, decideDeletion, EXPORT_LINK_DAYS, expiryOf, statusAt } from './decide.js';
import { initialDeletion } from './events.js';

const now = new Date('2026-05-01T10:00:00Z');
const owned = [
  { uuid: 's1', heirs: ['m1'] },
  { uuid: 's2', heirs: [] },
];
const cmd = { user_id: 'u1', confirmation: 'DELETE', owned, hand_over: {}, now };
const code = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as { code: string }).code;
  }
  return null;
};

describe('decideDeletion', () => {
  test('records the request with its hand-overs (ids only)', () => {
    expect(decideDeletion(initialDeletion, { ...cmd, confirmation: ' DELETE ', hand_over: { s1: 'm1' } })).toEqual([
      { type: 'AccountDeletionRequested', data: { user_id: 'u1', hand_over: { s1: 'm1' }, requested_at: now.toISOString() } },
    ]);
  });
  test('refuses a confirmation that is not DELETE, a second request, and a hand-over outside the owned Spaces and their joined members', () => {
    expect(code(() => decideDeletion(initialDeletion, { ...cmd, confirmation: 'delete' }))).toBe('confirmation_mismatch');
    expect(code(() => decideDeletion({ requested: { user_id: 'u1', hand_over: {}, requested_at: '' } }, cmd))).toBe('deletion_under_way');
    expect(code(() => decideDeletion(initialDeletion, { ...cmd, hand_over: { s2: 'm1' } }))).toBe('invalid_hand_over');
    expect(code(() => decideDeletion(initialDeletion, { ...cmd, hand_over: { other: 'm1' } }))).toBe('invalid_hand_over');
  });
});

describe('exports', () => {
  const readyAt = new Date('2026-05-01T00:00:00Z');
  const ready = { user_id: 'u1', status: 'ready' as const, expires_at: expiryOf(readyAt) };
  test(`a ready archive's link works ${EXPORT_LINK_DAYS} days, then reads as expired`, () => {
    expect(statusAt(ready, new Date(expiryOf(readyAt).getTime() - 1))).toBe('ready');
    expect(statusAt(ready, expiryOf(readyAt))).toBe('expired');
  });
  test('only the owner downloads, and only a ready archive', () => {
    expect(code(() => checkDownload(ready, 'u1', now))).toBeNull();
    expect(code(() => checkDownload(ready, 'u2', now))).toBe('export_not_found');
    expect(code(() => checkDownload(null, 'u1', now))).toBe('export_not_found');
    expect(code(() => checkDownload({ ...ready, status: 'preparing', expires_at: null }, 'u1', now))).toBe('export_not_ready');
    expect(code(() => checkDownload({ ...ready, status: 'failed' }, 'u1', now))).toBe('export_failed');
    expect(code(() => checkDownload(ready, 'u1', new Date('2026-06-01T00:00:00Z')))).toBe('export_expired');
  });
});
