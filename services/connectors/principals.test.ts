import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { mayRead, personalPrincipals, readersOf } from './principals.js';

const personal = { connection_uuid: 'c1', owner_user_id: 'u1', org_uuid: null };
const org = { connection_uuid: 'c2', owner_user_id: 'admin', org_uuid: 'o1' };

describe("who may read a connection's content", () => {
  test("a personal connection's content is its owner's alone, whatever the source says", () => {
    expect(readersOf(personal, { emails: ['x@y.example'], domains: [], anyone: true })).toEqual(['user:u1']);
    expect(readersOf(personal, { group: { kind: 'slack_channel', key: 'C1' } })).toEqual(['user:u1']);
    expect(readersOf(personal, null)).toEqual(['user:u1']);
  });

  test("an organisation's follows the source: addresses, domains, groups of this connection, anyone; its connecting member always", () => {
    expect(readersOf(org, { emails: ['Ada@Acme.example'], domains: ['acme.example'], anyone: false })).toEqual([
      'user:admin',
      'email:ada@acme.example',
      'domain:acme.example',
    ]);
    expect(readersOf(org, { group: { kind: 'slack_channel', key: 'C1' } })).toEqual(['user:admin', 'group:slack_channel:c2:C1']);
    expect(readersOf(org, { emails: [], domains: [], anyone: true })).toBeNull();
    expect(readersOf(org, null)).toEqual(['user:admin']);
  });

  test('a key never holds a newline or space (the index joins keys with newlines)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (email, key) => {
        const keys = [
          ...(readersOf(org, { emails: [email], domains: [email], anyone: false }) ?? []),
          ...(readersOf(org, { group: { kind: 'github_repository', key } }) ?? []),
        ];
        for (const k of keys) expect(k).not.toMatch(/[\n\r]/);
      }),
    );
  });

  test('an asker holds themselves, their address and its domain; they read what names one of them', () => {
    const mine = personalPrincipals('u9', 'Bo@Acme.example');
    expect(mine).toEqual(['user:u9', 'email:bo@acme.example', 'domain:acme.example']);
    expect(mayRead(readersOf(org, { emails: [], domains: ['acme.example'], anyone: false }), mine)).toBe(true);
    expect(mayRead(readersOf(org, { emails: ['cy@acme.example'], domains: [], anyone: false }), mine)).toBe(false);
    expect(mayRead(null, mine)).toBe(true);
  });
});
