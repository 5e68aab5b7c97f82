import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { StoredEvent } from '../eventstore/types.js';
import { DomainError } from '../shared/domain-error.js';
import {
  decideClaimVisitor,
  decideEmailChange,
  decideEmailVerified,
  decideRegister,
  decideRename,
  decideResetLinkMade,
  decideTwoFactor,
  decideUsername,
  decideVerificationCode,
  decideVerificationCodeIssued,
  VERIFICATION_CODE,
} from './decide.js';
import { evolveAccount, evolveVisitor, initialAccount, initialVisitor } from './events.js';

const now = new Date('2025-05-04T03:02:01.000Z');
const stored = (e: { type: string; data: unknown }, v = 1): StoredEvent => ({
  ...e,
  globalPosition: String(v),
  streamId: 's',
  streamVersion: v,
  metadata: {},
  recordedAt: now,
});

describe('registering an account', () => {
  const cmd = { userId: 'u1', email: 'ada@example.com', name: 'Ada', visitorId: 'v1', now };

  test('a new account records who registered, from which visitor, and when (the clock comes in the command)', () => {
    expect(decideRegister(initialAccount, cmd)).toEqual([
      {
        type: 'AccountRegistered',
        data: { user_id: 'u1', email: 'ada@example.com', name: 'Ada', visitor_id: 'v1', registered_at: '2025-05-04T03:02:01.000Z' },
      },
    ]);
    expect(decideRegister(initialAccount, { ...cmd, visitorId: null })[0].data.visitor_id).toBeNull();
  });

  test('registering the same account twice is a conflict', () => {
    const state = decideRegister(initialAccount, cmd)
      .map((e) => stored(e))
      .reduce(evolveAccount, initialAccount);
    expect(state).toEqual({ registered: true, name: cmd.name, email: 'ada@example.com' });
    const err = (() => {
      try {
        decideRegister(state, cmd);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ kind: 'conflict', code: 'account_exists' });
  });

  test('events of other types do not change the account', () => {
    expect(evolveAccount(initialAccount, stored({ type: 'VisitorClaimed', data: {} }))).toBe(initialAccount);
  });
});

describe('claiming a visitor’s work', () => {
  const claim = { visitorId: 'v1', userId: 'u1', now };

  test('an unclaimed visitor is claimed by the account', () => {
    expect(decideClaimVisitor(initialVisitor, claim)).toEqual([
      { type: 'VisitorClaimed', data: { visitor_id: 'v1', user_id: 'u1', claimed_at: '2025-05-04T03:02:01.000Z' } },
    ]);
  });

  test('claiming again for the same account is a no-op', () => {
    const state = decideClaimVisitor(initialVisitor, claim)
      .map((e) => stored(e))
      .reduce(evolveVisitor, initialVisitor);
    expect(state).toEqual({ claimedBy: 'u1' });
    expect(decideClaimVisitor(state, claim)).toEqual([]);
  });

  test('a visitor claimed by one account cannot be claimed by another', () => {
    expect(() => decideClaimVisitor({ claimedBy: 'u1' }, { ...claim, userId: 'u2' })).toThrow(
      expect.objectContaining({ kind: 'conflict', code: 'visitor_already_claimed' }),
    );
  });
});

describe('decideRename', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const ada = { registered: true, name: 'Ada', email: 'ada@example.com' };
  test('records the trimmed name; the same name again records nothing; a blank one is refused', () => {
    expect(decideRename(ada, { userId: 'u1', name: '  Ada King ', now })).toEqual([
      { type: 'AccountRenamed', data: { user_id: 'u1', name: 'Ada King', renamed_at: now.toISOString() } },
    ]);
    expect(decideRename(ada, { userId: 'u1', name: 'Ada ', now })).toEqual([]);
    expect(() => decideRename(ada, { userId: 'u1', name: '   ', now })).toThrow(expect.objectContaining({ code: 'name_required' }));
  });
});

describe('decideEmailChange', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const ada = { registered: true, name: 'Ada', email: 'ada@example.com' };
  test('records the new address in lower case with the one it replaces; the same address again records nothing', () => {
    expect(decideEmailChange(ada, { userId: 'u1', email: ' Ada@New.Example ', previous: 'ada@example.com', now })).toEqual([
      { type: 'AccountEmailChanged', data: { user_id: 'u1', email: 'ada@new.example', previous_email: 'ada@example.com', changed_at: now.toISOString() } },
    ]);
    expect(decideEmailChange(ada, { userId: 'u1', email: 'ADA@example.com', previous: 'ada@example.com', now })).toEqual([]);
  });
  test('an account registered before addresses were recorded takes the previous address from Better Auth', () => {
    const [e] = decideEmailChange({ registered: true, name: 'Ada', email: null }, { userId: 'u1', email: 'b@x.example', previous: 'Old@X.example', now });
    expect(e.data.previous_email).toBe('old@x.example');
  });
});

describe('decideUsername', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const ada = { registered: true, name: 'Ada', email: 'ada@example.com' };
  test('records the trimmed, lower-cased username; the same one again records nothing', () => {
    expect(decideUsername(ada, { userId: 'u1', username: ' Ada.King_1 ', now })).toEqual([
      { type: 'AccountUsernameChanged', data: { user_id: 'u1', username: 'ada.king_1', changed_at: now.toISOString() } },
    ]);
    expect(decideUsername({ ...ada, username: 'ada.king_1' }, { userId: 'u1', username: 'ADA.KING_1', now })).toEqual([]);
  });
  test('refuses any username that is not 3 to 30 letters, digits, dots or underscores', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (raw) => {
        const username = raw.trim().toLowerCase();
        const fits = /^[a-z0-9_.]{3,30}$/.test(username);
        let code = 'allowed';
        try {
          decideUsername(ada, { userId: 'u1', username: raw, now });
        } catch (e) {
          code = (e as { code: string }).code;
        }
        expect(code).toBe(fits ? 'allowed' : 'invalid_username');
      }),
    );
    for (const bad of ['ab', 'a'.repeat(31), 'ada king', 'ada@king', 'ädä'])
      expect(() => decideUsername(ada, { userId: 'u1', username: bad, now })).toThrow(expect.objectContaining({ code: 'invalid_username' }));
  });
});

describe('an address verified, two-factor sign-in on and off', () => {
  const fold = (...events: { type: string; data: unknown }[]) => events.reduce((s, e, i) => evolveAccount(s, stored(e, i + 1)), initialAccount);
  const registered = decideRegister(initialAccount, { userId: 'u1', email: 'ada@example.com', name: 'Ada', visitorId: null, now });

  test('an address is recorded verified once, with how it was proven', () => {
    const verified = decideEmailVerified(fold(...registered), { userId: 'u1', via: 'link', now });
    expect(verified).toEqual([{ type: 'AccountEmailVerified', data: { user_id: 'u1', via: 'link', verified_at: '2025-05-04T03:02:01.000Z' } }]);
    expect(decideEmailVerified(fold(...registered, ...verified), { userId: 'u1', via: 'administrator', now })).toEqual([]);
  });

  test('a changed address was verified by its link: nothing more to record', () => {
    const changed = decideEmailChange(fold(...registered), { userId: 'u1', email: 'new@example.com', previous: 'ada@example.com', now });
    expect(decideEmailVerified(fold(...registered, ...changed), { userId: 'u1', via: 'link', now })).toEqual([]);
  });

  test('two-factor sign-in is recorded when it changes, and only then', () => {
    const on = decideTwoFactor(fold(...registered), { userId: 'u1', enabled: true, now });
    expect(on).toEqual([{ type: 'AccountTwoFactorEnabled', data: { user_id: 'u1', enabled_at: '2025-05-04T03:02:01.000Z' } }]);
    expect(decideTwoFactor(fold(...registered), { userId: 'u1', enabled: false, now })).toEqual([]);
    expect(decideTwoFactor(fold(...registered, ...on), { userId: 'u1', enabled: true, now })).toEqual([]);
    const off = decideTwoFactor(fold(...registered, ...on), { userId: 'u1', enabled: false, now });
    expect(off).toEqual([{ type: 'AccountTwoFactorDisabled', data: { user_id: 'u1', disabled_at: '2025-05-04T03:02:01.000Z' } }]);
    expect(fold(...registered, ...on, ...off).twoFactor).toBe(false);
  });

  test('an erased account records neither', () => {
    const erased = fold(...registered, { type: 'AccountErased', data: { user_id: 'u1', erased_at: now.toISOString() } });
    expect(decideEmailVerified(erased, { userId: 'u1', via: 'link', now })).toEqual([]);
    expect(decideTwoFactor(erased, { userId: 'u1', enabled: true, now })).toEqual([]);
  });
});

describe('the one-time code from the server log', () => {
  const registered = evolveAccount(initialAccount, stored({ type: 'AccountRegistered', data: { user_id: 'u1', email: 'root@example.com', name: 'Root' } }));
  const issue = (state: typeof registered, hash: string, at = now) =>
    decideVerificationCodeIssued(state, { userId: 'u1', codeHash: hash, now: at }).reduce((s, e, i) => evolveAccount(s, stored(e, i + 2)), state);
  const enter = (state: typeof registered, hash: string, at = now) => decideVerificationCode(state, { userId: 'u1', codeHash: hash, now: at });

  test('a code is issued for 15 minutes; the right one verifies the address; nothing to check before one is issued', () => {
    const [issued] = decideVerificationCodeIssued(registered, { userId: 'u1', codeHash: 'h1', now });
    expect(issued.data).toEqual({ user_id: 'u1', code_hash: 'h1', issued_at: now.toISOString(), expires_at: '2025-05-04T03:17:01.000Z' });
    expect(enter(registered, 'h1').outcome).toBe('no_code');
    const right = enter(issue(registered, 'h1'), 'h1');
    expect(right.outcome).toBe('verified');
    expect(right.events).toEqual([{ type: 'AccountEmailVerified', data: { user_id: 'u1', via: 'server_log', verified_at: now.toISOString() } }]);
  });

  test('a new code replaces the last; an expired code, or one tried wrongly five times, checks nothing', () => {
    const twice = issue(issue(registered, 'old'), 'new');
    expect(enter(twice, 'old').outcome).toBe('wrong');
    expect(enter(twice, 'new', new Date(now.getTime() + VERIFICATION_CODE.minutes * 60_000)).outcome).toBe('expired');
    let state = twice;
    for (let i = 0; i < VERIFICATION_CODE.attempts; i++) {
      const wrong = enter(state, 'guess');
      expect(wrong.outcome).toBe('wrong');
      state = wrong.events.reduce((s, e) => evolveAccount(s, stored(e)), state);
    }
    expect(enter(state, 'new')).toEqual({ outcome: 'expired', events: [] });
  });

  test('a verified address gets no code, and a code entered then changes nothing', () => {
    const verified = evolveAccount(issue(registered, 'h1'), stored({ type: 'AccountEmailVerified', data: { user_id: 'u1', via: 'link' } }));
    expect(decideVerificationCodeIssued(verified, { userId: 'u1', codeHash: 'h2', now })).toEqual([]);
    expect(enter(verified, 'h1')).toEqual({ outcome: 'already_verified', events: [] });
  });

  test('a reset link made is recorded for a registered account only', () => {
    expect(decideResetLinkMade(registered, { userId: 'u1', by: 'command', now })).toEqual([
      { type: 'AccountResetLinkMade', data: { user_id: 'u1', by: 'command', made_at: now.toISOString() } },
    ]);
    expect(decideResetLinkMade(initialAccount, { userId: 'u1', by: 'administrator', now })).toEqual([]);
  });
});
