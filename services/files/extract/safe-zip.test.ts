import { describe, expect, it } from 'vitest';
import { sampleDocx, zipBomb, zipOf } from '../../../tests/fixtures/files.js';
import { readZipSafely, SIZE_MISMATCH, TOO_MANY_ENTRIES, zipBombMessage } from './safe-zip.js';
import { DEFAULT_EXTRACT_LIMITS, FileExtractError } from './types.js';

const MB = 1024 * 1024;
const notAZip = 'not a zip';
const limits = { ...DEFAULT_EXTRACT_LIMITS, maxUnpackedBytes: 10 * MB, maxEntries: 50 };

describe('readZipSafely', () => {
  it('returns the entries asked for, inflated, and the names of all', async () => {
    const zip = zipOf([
      { name: 'a.txt', data: Buffer.from('alpha') },
      { name: 'dir/b.xml', data: Buffer.from('<b>beta</b>'.repeat(1000)) },
    ]);
    const checked = await readZipSafely(zip, limits, { notAZip, keep: (name) => name.endsWith('.xml') });
    expect(checked.names).toEqual(['a.txt', 'dir/b.xml']);
    expect([...checked.kept.keys()]).toEqual(['dir/b.xml']);
    expect(checked.kept.get('dir/b.xml')!.toString()).toBe('<b>beta</b>'.repeat(1000));
  });

  it('reads a real .docx', async () => {
    const checked = await readZipSafely(await sampleDocx(['Hello']), DEFAULT_EXTRACT_LIMITS, { notAZip });
    expect(checked.names).toContain('word/document.xml');
  });

  it('refuses more entries than allowed before inflating any', async () => {
    const zip = zipOf(Array.from({ length: 51 }, (_, i) => ({ name: `part${i}.txt`, data: Buffer.from(`part ${i}`) })));
    let inflated = 0;
    await expect(readZipSafely(zip, limits, { notAZip, onProgress: (bytes) => (inflated = bytes) })).rejects.toThrow(TOO_MANY_ENTRIES(50));
    expect(inflated).toBe(0);
    await expect(readZipSafely(zip, { ...limits, maxEntries: 51 }, { notAZip })).resolves.toBeTruthy();
  });

  it('refuses a bomb whose header declares its size before inflating anything', async () => {
    const bomb = await zipBomb({ unpackedMegabytes: 64 });
    expect(bomb.length).toBeLessThan(MB);
    let inflated = 0;
    await expect(readZipSafely(bomb, limits, { notAZip, onProgress: (bytes) => (inflated = bytes) })).rejects.toThrow(zipBombMessage(limits.maxUnpackedBytes));
    expect(inflated).toBe(0);
  });

  it('stops a bomb whose header lies as soon as the entry passes its declared size', async () => {
    const bomb = await zipBomb({ unpackedMegabytes: 64, lyingHeader: true });
    let inflated = 0;
    await expect(readZipSafely(bomb, limits, { notAZip, onProgress: (bytes) => (inflated = bytes) })).rejects.toThrow(SIZE_MISMATCH);
    expect(inflated).toBeLessThan(MB);
  });

  it('refuses honest entries that only together unpack to more than the limit', async () => {
    const entries = Array.from({ length: 3 }, (_, i) => ({ name: `part${i}.bin`, data: Buffer.alloc(4 * MB, i) }));
    let inflated = 0;
    await expect(readZipSafely(zipOf(entries), limits, { notAZip, onProgress: (bytes) => (inflated = bytes) })).rejects.toThrow(
      zipBombMessage(limits.maxUnpackedBytes),
    );
    expect(inflated).toBe(0); // refused on the declared sizes: 12 MB > 10 MB
    await expect(readZipSafely(zipOf(entries.slice(0, 2)), limits, { notAZip })).resolves.toBeTruthy();
  });

  it('fails with the caller’s message on bytes that are not a zip, or a cut-off zip', async () => {
    await expect(readZipSafely(Buffer.from('%PDF-1.7 not a zip'), limits, { notAZip })).rejects.toThrow(new FileExtractError(notAZip));
    const whole = zipOf([{ name: 'a.txt', data: Buffer.from('alpha beta gamma '.repeat(500)) }]);
    await expect(readZipSafely(whole.subarray(0, whole.length - 30), limits, { notAZip })).rejects.toThrow(FileExtractError);
    await expect(readZipSafely(Buffer.alloc(0), limits, { notAZip })).rejects.toThrow(notAZip);
  });

  it('fails on an entry that unpacks to less than it declares', async () => {
    const liar = zipOf([{ name: 'a.txt', data: Buffer.from('x'.repeat(5000)), declaredSize: 10_000 }]);
    await expect(readZipSafely(liar, limits, { notAZip })).rejects.toThrow(SIZE_MISMATCH);
  });
});
