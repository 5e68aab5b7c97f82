// Student verification's errors: each a stable code, a kind (its status at the edge) and its text.
import { DomainError } from '../shared/domain-error.js';
import { STUDENT_CODE } from './rules.js';

export const STUDENT_NOT_CONFIGURED = 'This server verifies no students: its operator lists no school email domains.';

export const studentErrors = {
  loginRequired: () => new DomainError('unauthenticated', 'login_required', 'Sign in to verify that you are a student.'),
  notConfigured: () => new DomainError('unavailable', 'student_verification_not_configured', STUDENT_NOT_CONFIGURED),
  notSchool: () =>
    new DomainError(
      'invalid',
      'student_email_not_school',
      'That address is not at a school this server knows. Use the email address your school or university gave you.',
    ),
  alreadyVerified: () => new DomainError('conflict', 'student_already_verified', 'You are verified as a student already.'),
  recentlySent: () =>
    new DomainError(
      'rate_limited',
      'student_code_recently_sent',
      `A code was sent less than ${STUDENT_CODE.resendSeconds} seconds ago. Check your inbox, or try again in a minute.`,
    ),
  notSent: () => new DomainError('conflict', 'student_code_not_sent', 'No code is waiting: ask for one first.'),
  wrongCode: () => new DomainError('invalid', 'student_code_wrong', 'That code is not right. Check the latest email and try again.'),
  expiredCode: () => new DomainError('invalid', 'student_code_expired', 'That code has expired. Ask for a new one.'),
};
