import { describe, expect, it } from 'vitest';
import { TOO_SLOW, withTimeout } from './timeout.js';
import { FileExtractError } from './types.js';

describe('withTimeout', () => {
  it('rejects with a FileExtractError and runs the clean-up when the work never settles', async () => {
    let cleanedUp = false;
    const never = new Promise<string>(() => {});
    await expect(withTimeout(never, 20, () => (cleanedUp = true))).rejects.toThrow(new FileExtractError(TOO_SLOW));
    expect(cleanedUp).toBe(true);
  });

  it('passes through the result or the error of work that settles in time', async () => {
    let cleanedUp = false;
    await expect(withTimeout(Promise.resolve('done'), 1000, () => (cleanedUp = true))).resolves.toBe('done');
    await expect(withTimeout(Promise.reject(new Error('parser said no')), 1000)).rejects.toThrow('parser said no');
    expect(cleanedUp).toBe(false);
  });
});
