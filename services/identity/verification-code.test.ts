// Who may prove an address with a code from the server's log: an unverified address of
// ADMIN_EMAILS, on a server that sends no mail (with SMTP_URL the mailed link does it).
import { expect, test } from 'vitest';
import { codeHashOf, mayVerifyByCode } from './verification-code.js';

const admins = ['root@example.com'];

test('only an unverified listed address, only without SMTP_URL', () => {
  expect(mayVerifyByCode({ email: 'Root@Example.com', email_verified: false }, { adminEmails: admins })).toBe(true);
  expect(mayVerifyByCode({ email: 'root@example.com', email_verified: false }, { adminEmails: admins, smtpUrl: 'smtp://mail:25' })).toBe(false);
  expect(mayVerifyByCode({ email: 'root@example.com', email_verified: true }, { adminEmails: admins })).toBe(false);
  expect(mayVerifyByCode({ email: 'someone@example.com', email_verified: false }, { adminEmails: admins })).toBe(false);
});

test("a code's hash is the account's own: the same code of another account hashes otherwise", () => {
  expect(codeHashOf('u1', '12345678')).toBe(codeHashOf('u1', '12345678'));
  expect(codeHashOf('u1', '12345678')).not.toBe(codeHashOf('u2', '12345678'));
  expect(codeHashOf('u1', '12345678')).not.toContain('12345678');
});
