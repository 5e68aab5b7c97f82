import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { directWalSettings } from './direct-wal.js';

const dir = mkdtempSync(join(tmpdir(), 'direct-wal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('a data directory that cannot take the probe gets no direct WAL, so PostgreSQL starts as before', () => {
  expect(directWalSettings(join(dir, 'missing'))).toEqual([]);
  expect(existsSync(join(dir, 'missing'))).toBe(false);
});

test('the probe leaves nothing behind, and asks for nothing but the WAL', () => {
  const settings = directWalSettings(dir);
  expect(readdirSync(dir)).toEqual([]);
  expect(settings.every((s) => s === 'debug_io_direct=wal')).toBe(true);
  expect(settings.length).toBeLessThanOrEqual(1);
});
