// The mail that carries a student verification code: the code to type, and a link that enters it.
import { STUDENT_CODE } from './rules.js';

/** The app's address that opens the studentVerificationRedirect modal with the code. */
export const studentCodeLink = (publicUrl: string, code: string) => `${publicUrl.replace(/\/+$/, '')}/?student_code=${code}`;

export function studentCodeMail(p: { code: string; publicUrl: string }) {
  return {
    subject: `Your student verification code: ${p.code}`,
    text: `Hi,\n\nEnter this code to verify that you are a student: ${p.code}\n\nOr open this link while signed in: ${studentCodeLink(p.publicUrl, p.code)}\n\nThe code is valid for ${STUDENT_CODE.minutes} minutes. If you did not ask for it, ignore this mail.\n`,
  };
}
