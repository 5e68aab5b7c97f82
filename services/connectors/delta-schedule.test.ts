import { describe, expect, it, vi } from 'vitest';
import { startDeltaSchedule } from './delta-schedule.js';
import { isKept, wellFormed } from './sync.js';

// The schedule's query needs a database (tests/integration/connector-deltas.int.test.ts runs it);
// here, what a delta keeps of what a provider says.
describe('what a delta or a listing keeps of a provider entry', () => {
  const item = {
    remoteId: 'f1',
    name: 'notes.md',
    kind: 'FILE' as const,
    parentRemoteIds: ['d1'],
    url: null,
    updatedAt: '2026-11-01T00:00:00Z',
    size: 10,
    mimeType: 'text/markdown',
    driveId: null,
    readers: null,
  };

  it('keeps folders, files of accepted types and Google documents; leaves out other types', () => {
    expect(isKept(item)).toBe(true);
    expect(isKept({ ...item, kind: 'FOLDER', name: 'Photos' })).toBe(true);
    expect(isKept({ ...item, name: 'Budget', mimeType: 'application/vnd.google-apps.spreadsheet' })).toBe(true);
    expect(isKept({ ...item, name: 'photo.gif', mimeType: 'image/gif' })).toBe(false);
  });

  it('refuses an entry without an id, a name, its parents or a readable time', () => {
    expect(wellFormed(item)).toBe(true);
    expect(wellFormed(null)).toBe(false);
    expect(wellFormed({ ...item, remoteId: '' })).toBe(false);
    expect(wellFormed({ ...item, name: undefined as unknown as string })).toBe(false);
    expect(wellFormed({ ...item, parentRemoteIds: undefined as unknown as string[] })).toBe(false);
    expect(wellFormed({ ...item, updatedAt: 5 as unknown as string })).toBe(false);
    expect(wellFormed({ ...item, updatedAt: null })).toBe(true);
  });
});

describe('the delta schedule', () => {
  it('starts one delta per due connection each interval (an app’s content sync for an app), named by the interval so instances start it once', async () => {
    vi.useFakeTimers();
    try {
      const started: unknown[] = [];
      const db = {
        // The schedule's one query, answered as the database would.
        selectFrom: () => chain,
      };
      const chain: Record<string, unknown> = {};
      for (const m of ['innerJoin', 'select', 'where']) chain[m] = () => chain;
      chain.execute = async () => [
        { connection_uuid: 'c1', connector: 'google_drive' },
        { connection_uuid: 'c2', connector: 'dropbox' },
        { connection_uuid: 'c3', connector: 'notion' },
      ];
      const running = startDeltaSchedule({
        db: db as never,
        sync: { start: async (job) => void started.push(job), startApp: async (job) => void started.push({ app: true, ...job }) },
        intervalMs: 60_000,
        now: () => new Date(120_000),
        onError: (err) => {
          throw err;
        },
      });
      expect(started).toEqual([]);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(started).toEqual([
        { connection_uuid: 'c1', run: 'delta-2', kind: 'delta' },
        { connection_uuid: 'c2', run: 'delta-2', kind: 'delta' },
        { app: true, connection_uuid: 'c3', run: 'delta-2' },
      ]);
      await running.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
