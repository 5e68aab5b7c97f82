import { afterAll, describe, expect, it } from 'vitest';
import { largeCsv, samplePdf } from '../../../tests/fixtures/files.js';
import { createWorkerPool } from '../../workers/index.js';
import { extractFile } from './extract.js';
import { extractFileInWorker, TOO_MUCH_MEMORY } from './extract-in-worker.js';
import { TOO_SLOW } from './timeout.js';
import { DEFAULT_EXTRACT_LIMITS, FileExtractError } from './types.js';

const pool = createWorkerPool({ processes: 1, limits: { timeMs: 60_000, memoryMb: 512 } });
// Limits no file can meet: a millisecond to read 8 MB, a heap smaller than the parsers.
const hurried = createWorkerPool({ processes: 1, limits: { timeMs: 1, memoryMb: 512 } });
const cramped = createWorkerPool({ processes: 1, limits: { timeMs: 60_000, memoryMb: 16 } });
afterAll(() => Promise.all([pool.close(), hurried.close(), cramped.close()]));

const refusal = (work: Promise<unknown>) =>
  work.then(
    () => 'no refusal',
    (error: unknown) => (error instanceof FileExtractError ? error.message : `not a refusal: ${String(error)}`),
  );

describe('extractFileInWorker', () => {
  it('gives what extractFile gives', async () => {
    const pdf = await samplePdf([{ text: 'Bees dance to say where flowers are.' }, { text: 'Second page.' }], { title: 'Bees' });
    const expected = await extractFile(pdf, 'pdf');
    expect(expected.title).toBe('Bees');
    expect(await extractFileInWorker(Buffer.from(pdf), 'pdf', DEFAULT_EXTRACT_LIMITS, pool)).toEqual(expected);
    const md = Buffer.from('# Guide\nWelcome.');
    expect(await extractFileInWorker(md, 'md', DEFAULT_EXTRACT_LIMITS, pool)).toEqual(await extractFile(md, 'md'));
  });

  it('leaves the caller’s bytes as they were', async () => {
    const bytes = new Uint8Array(new TextEncoder().encode('Copied, not moved.'));
    expect((await extractFileInWorker(bytes, 'txt', DEFAULT_EXTRACT_LIMITS, pool)).passages[0].content).toBe('Copied, not moved.');
    expect(new TextDecoder().decode(bytes)).toBe('Copied, not moved.');
    // A small Buffer is a view into Node's shared pool; only its own bytes travel.
    const pooled = Buffer.from('Pooled.');
    expect((await extractFileInWorker(pooled, 'txt', DEFAULT_EXTRACT_LIMITS, pool)).passages[0].content).toBe('Pooled.');
  });

  it('refuses an unreadable file with the reader’s reason', async () => {
    expect(await refusal(extractFileInWorker(Buffer.from('{"a": 1,}'), 'json', DEFAULT_EXTRACT_LIMITS, pool))).toMatch(/^The JSON file is not valid JSON: .+/);
  });

  it('refuses a file that takes longer than its time limit, and reads the next one', async () => {
    expect(await refusal(extractFileInWorker(largeCsv(2), 'csv', DEFAULT_EXTRACT_LIMITS, hurried))).toBe(TOO_SLOW);
    expect((await extractFileInWorker(Buffer.from('still here'), 'txt', DEFAULT_EXTRACT_LIMITS, pool)).passages[0].content).toBe('still here');
  });

  it('refuses a file that needs more memory than its limit, and reads the next one', async () => {
    expect(await refusal(extractFileInWorker(largeCsv(8), 'csv', DEFAULT_EXTRACT_LIMITS, cramped))).toBe(TOO_MUCH_MEMORY);
    expect((await extractFileInWorker(Buffer.from('still here'), 'txt', DEFAULT_EXTRACT_LIMITS, pool)).passages[0].content).toBe('still here');
  });
});
