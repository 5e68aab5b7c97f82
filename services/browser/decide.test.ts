import { describe, expect, test } from 'vitest';
import { decider, refused } from '../../tests/support/decider.js';
import { decideClaim, decideIssue, normalizeCode } from './decide.js';
import { downloadLinks } from './downloads.js';
import { evolveInvite, initialInvite } from './events.js';

const now = new Date('2026-03-04T05:06:07.000Z');
const invite = decider(evolveInvite, initialInvite, 'browser-invite-ABCD-EFGH');
const issued = (max_uses = 1) => [{ type: 'BrowserInviteIssued', data: { code: 'ABCD-EFGH', max_uses, issued_by: 'admin', issued_at: now.toISOString() } }];
const claimed = (user_id: string) => [{ type: 'BrowserInviteClaimed', data: { code: 'ABCD-EFGH', user_id, claimed_at: now.toISOString() } }];
const claim = (user_id: string, dry_run = false, existing: { code: string } | null = null) => ({ code: 'ABCD-EFGH', user_id, dry_run, claimed: existing });

describe('invite codes', () => {
  test('an administrator issues a code once', () => {
    invite
      .given()
      .when((s) => decideIssue(s, { code: 'ABCD-EFGH', max_uses: 2, issued_by: 'admin' }, now))
      .then(issued(2));
    invite
      .given(issued())
      .when((s) => decideIssue(s, { code: 'ABCD-EFGH', max_uses: 1, issued_by: 'admin' }, now))
      .then(refused('conflict', 'invite_code_exists'));
  });

  test('a dry run checks the code and claims nothing', () => {
    invite
      .given(issued())
      .when((s) => decideClaim(s, claim('u1', true), now))
      .then({ status: 'valid', code: 'ABCD-EFGH', events: [] });
  });

  test('a claim uses the code; the next person finds it used up', () => {
    invite
      .given(issued())
      .when((s) => decideClaim(s, claim('u1'), now))
      .then({ status: 'claimed', code: 'ABCD-EFGH', events: claimed('u1') });
    invite
      .given(issued(), claimed('u1'))
      .when((s) => decideClaim(s, claim('u2'), now))
      .then(refused('conflict', 'invite_code_used_up'));
    invite
      .given(issued(), claimed('u1'))
      .when((s) => decideClaim(s, claim('u2', true), now))
      .then(refused('conflict', 'invite_code_used_up'));
  });

  test('a code issued for two uses serves two people', () => {
    invite
      .given(issued(2), claimed('u1'))
      .when((s) => decideClaim(s, claim('u2'), now))
      .then({ status: 'claimed', code: 'ABCD-EFGH', events: claimed('u2') });
  });

  test('a retried claim, or a person who claimed another code, uses nothing', () => {
    invite
      .given(issued(), claimed('u1'))
      .when((s) => decideClaim(s, claim('u1'), now))
      .then({ status: 'already_claimed', code: 'ABCD-EFGH', events: [] });
    invite
      .given(issued())
      .when((s) => decideClaim(s, claim('u1', false, { code: 'ZZZZ-0000' }), now))
      .then({ status: 'already_claimed', code: 'ZZZZ-0000', events: [] });
  });

  test('an unknown code is not found', () => {
    invite
      .given()
      .when((s) => decideClaim(s, claim('u1'), now))
      .then(refused('not_found', 'invite_code_not_found'));
  });

  test('codes are compared in upper case, without surrounding spaces', () => {
    expect(normalizeCode(' abcd-efgh ')).toBe('ABCD-EFGH');
  });
});

describe('download links (seed 002 §7)', () => {
  test('channel=stable and the platform, plus mini=1 for Windows', () => {
    expect(downloadLinks('https://dl.example.com/browser?src=web')).toEqual([
      { platform: 'win_x64', url: 'https://dl.example.com/browser?src=web&channel=stable&platform=win_x64&mini=1' },
      { platform: 'mac_arm64', url: 'https://dl.example.com/browser?src=web&channel=stable&platform=mac_arm64' },
    ]);
  });

  test('none without a configured base URL', () => {
    expect(downloadLinks(null)).toEqual([]);
  });
});
