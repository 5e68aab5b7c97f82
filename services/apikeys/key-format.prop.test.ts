import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { bearerSecret, hashSecret, looksLikeSecret, SECRET_BYTES, secretOf, shownPrefix } from './key-format.js';

const bytes = fc.uint8Array({ minLength: SECRET_BYTES, maxLength: SECRET_BYTES });

describe('API key secrets', () => {
  test('every secret has the key shape, a 12-character prefix of it, and a 64-hex hash that is not the secret', () => {
    fc.assert(
      fc.property(bytes, (random) => {
        const secret = secretOf(random);
        expect(looksLikeSecret(secret)).toBe(true);
        expect(shownPrefix(secret)).toBe(secret.slice(0, 12));
        expect(hashSecret(secret)).toMatch(/^[0-9a-f]{64}$/);
        expect(hashSecret(secret)).not.toContain(secret.slice(4));
        expect(bearerSecret(`Bearer ${secret}`)).toBe(secret);
        expect(bearerSecret(`bearer  ${secret} `)).toBe(secret);
      }),
    );
  });

  test('different random bytes give different secrets and hashes', () => {
    fc.assert(
      fc.property(bytes, bytes, (a, b) => {
        fc.pre(Buffer.compare(Buffer.from(a), Buffer.from(b)) !== 0);
        expect(secretOf(a)).not.toBe(secretOf(b));
        expect(hashSecret(secretOf(a))).not.toBe(hashSecret(secretOf(b)));
      }),
    );
  });

  test('a header without a key of our shape names no secret', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        fc.pre(!/^aek-[A-Za-z0-9_-]{43}$/.test(text.trim()));
        expect(bearerSecret(`Bearer ${text}`)).toBeNull();
      }),
    );
    expect(bearerSecret(undefined)).toBeNull();
    expect(bearerSecret(`Basic aek-${'A'.repeat(43)}`)).toBeNull();
  });

  test('too few random bytes are refused', () => {
    expect(() => secretOf(new Uint8Array(16))).toThrow();
  });
});
