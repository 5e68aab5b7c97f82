import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { cheapPasswordHashing } from './cheap-password-hashing.js';

describe("test servers' cheap password hashes", () => {
  test('verify the password they were made from and no other', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 8, maxLength: 40 }), fc.string({ minLength: 1, maxLength: 4 }), async (password, change) => {
        const hash = await cheapPasswordHashing.hash(password);
        expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
        expect(await cheapPasswordHashing.verify({ hash, password })).toBe(true);
        expect(await cheapPasswordHashing.verify({ hash, password: password + change })).toBe(false);
      }),
      { numRuns: 25 },
    );
  });

  test('salt each hash: one password twice makes two hashes', async () => {
    expect(await cheapPasswordHashing.hash('the same secret')).not.toBe(await cheapPasswordHashing.hash('the same secret'));
  });

  test('a stored value that is not a hash verifies nothing', async () => {
    expect(await cheapPasswordHashing.verify({ hash: 'not a hash', password: 'not a hash' })).toBe(false);
  });
});
