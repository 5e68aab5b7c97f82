// web/bundle-cache.ts: make dev-mocks' bundle of the mocks is read back while none of its files
// changed, and built again after any change.
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cachedBundle } from '../../web/bundle-cache';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bundle-cache-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('cachedBundle', () => {
  const setup = () => {
    const input = join(dir, 'input.ts');
    writeFileSync(input, 'export const a = 1;');
    let builds = 0;
    const build = vi.fn(async () => ({ code: `bundle ${++builds}`, inputs: [input] }));
    return { input, build, cacheFile: join(dir, 'cache', 'bundle.json') };
  };

  it('builds once, then reads the kept bundle back while its files are unchanged', async () => {
    const { build, cacheFile } = setup();
    expect((await cachedBundle(cacheFile, build)).code).toBe('bundle 1');
    expect((await cachedBundle(cacheFile, build)).code).toBe('bundle 1');
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('builds again when a file changed, in size or in time', async () => {
    const { input, build, cacheFile } = setup();
    await cachedBundle(cacheFile, build);
    writeFileSync(input, 'export const a = 22;');
    expect((await cachedBundle(cacheFile, build)).code).toBe('bundle 2');
    utimesSync(input, new Date(2001, 0, 1), new Date(2001, 0, 1));
    expect((await cachedBundle(cacheFile, build)).code).toBe('bundle 3');
    expect((await cachedBundle(cacheFile, build)).code).toBe('bundle 3');
  });

  it('builds again when a file is gone, and keeps nothing it cannot check', async () => {
    const { input, build, cacheFile } = setup();
    await cachedBundle(cacheFile, build);
    rmSync(input);
    expect((await cachedBundle(cacheFile, build)).code).toBe('bundle 2');
    expect((await cachedBundle(cacheFile, build)).code).toBe('bundle 3');
  });

  it('builds again over a cache file it cannot read', async () => {
    const { build, cacheFile } = setup();
    await cachedBundle(cacheFile, build);
    writeFileSync(cacheFile, '{not json');
    expect((await cachedBundle(cacheFile, build)).code).toBe('bundle 2');
  });
});
