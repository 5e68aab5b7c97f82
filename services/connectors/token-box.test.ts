import fc from 'fast-check';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTokenBox, tokenKeyOf } from './token-box.js';

describe('the connectors token box', () => {
  const key = randomBytes(32);
  const box = createTokenBox(key);

  it('opens what it sealed, for the same connection and kind only', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2000 }), fc.uuid(), (token, uuid) => {
        const sealed = box.seal(uuid, 'access', token);
        // A token long enough to be recognised never shows through its sealing.
        if (token.length >= 8) expect(sealed).not.toContain(token);
        expect(box.open(uuid, 'access', sealed)).toBe(token);
        expect(() => box.open(uuid, 'refresh', sealed)).toThrow();
        expect(() => box.open(randomUUID(), 'access', sealed)).toThrow();
      }),
      { numRuns: 100 },
    );
  });

  it('refuses a sealed value with any character changed', () => {
    const uuid = randomUUID();
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.'.split('');
    fc.assert(
      // Any token, any position, any character: the last of each base64url part included, where a
      // change of its unused bits alone would name the same bytes.
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), fc.nat(), fc.constantFrom(...alphabet), (token, n, replacement) => {
        const sealed = box.seal(uuid, 'refresh', token);
        const at = n % sealed.length;
        const changed = sealed.slice(0, at) + replacement + sealed.slice(at + 1);
        if (changed === sealed) return;
        expect(() => box.open(uuid, 'refresh', changed)).toThrow();
      }),
      { numRuns: 1000 },
    );
  });

  it("refuses a sealed value whose last character's spare bits were changed (it would decode to the same bytes)", () => {
    const uuid = randomUUID();
    const sealed = box.seal(uuid, 'refresh', 'refresh-token-value');
    // The tag's 16 bytes take 22 characters: the last one holds 2 bits of the tag and 4 spare ones.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const twin = alphabet[alphabet.indexOf(sealed.slice(-1)) ^ 1];
    expect(() => box.open(uuid, 'refresh', sealed.slice(0, -1) + twin)).toThrow();
  });

  it('after a rotation, opens tokens sealed with the old key and says they are stale', () => {
    const uuid = randomUUID();
    const before = box.seal(uuid, 'access', 'old-access');
    const rotated = createTokenBox(randomBytes(32), [key]);
    expect(rotated.open(uuid, 'access', before)).toBe('old-access');
    expect(rotated.isStale(before)).toBe(true);
    expect(rotated.isStale(rotated.seal(uuid, 'access', 'new'))).toBe(false);
    // Without the old key, nothing opens.
    expect(() => createTokenBox(randomBytes(32)).open(uuid, 'access', before)).toThrow();
  });

  it('makes a key once in the data directory, private to the server, and reads it back', () => {
    const dir = mkdtempSync(join(tmpdir(), 'token-key-'));
    const first = tokenKeyOf(null, dir);
    expect(first).toHaveLength(32);
    expect(tokenKeyOf(null, dir).equals(first)).toBe(true);
    expect(statSync(join(dir, 'connector-token-key')).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(join(dir, 'connector-token-key'), 'utf8'), 'base64').equals(first)).toBe(true);
    const configured = randomBytes(32);
    expect(tokenKeyOf(configured, dir).equals(configured)).toBe(true);
  });
});
