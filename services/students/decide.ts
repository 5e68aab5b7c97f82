// Student verification's rules: a code goes only to an address at a listed school domain, at most
// once a minute, never once verified; the latest code verifies while it is young and not used up
// by wrong tries. Pure: the clock, the code's hash and the domain list are passed in; the mocks
// run the same rules.
import { schoolDomainOf } from '../shared/student-config.js';
import { studentErrors } from './errors.js';
import type { StudentCodeRejected, StudentCodeSent, StudentState, StudentVerified } from './events.js';
import { STUDENT_CODE } from './rules.js';

export type SendCodeCommand = { user_id: string; email: string; domains: ReadonlySet<string>; code_hash: string; mail_id: string; now: Date };
export type ConfirmCodeCommand = { user_id: string; code_hash: string; now: Date };

export function decideSendCode(state: StudentState, cmd: SendCodeCommand): [StudentCodeSent] {
  if (cmd.domains.size === 0) throw studentErrors.notConfigured();
  if (state.status === 'verified') throw studentErrors.alreadyVerified();
  const email = cmd.email.trim().toLowerCase();
  const domain = schoolDomainOf(email, cmd.domains);
  if (!domain) throw studentErrors.notSchool();
  if (state.sent_at && cmd.now.getTime() - Date.parse(state.sent_at) < STUDENT_CODE.resendSeconds * 1000) throw studentErrors.recentlySent();
  const expires = new Date(cmd.now.getTime() + STUDENT_CODE.minutes * 60_000);
  return [
    {
      type: 'StudentCodeSent',
      data: {
        user_id: cmd.user_id,
        email,
        domain,
        code_hash: cmd.code_hash,
        mail_id: cmd.mail_id,
        sent_at: cmd.now.toISOString(),
        expires_at: expires.toISOString(),
      },
    },
  ];
}

export type ConfirmOutcome = { outcome: 'verified' | 'already'; events: [] | [StudentVerified] } | { outcome: 'wrong'; events: [StudentCodeRejected] };

/** A wrong code is recorded (its event) and then refused by the caller: the tries count even though the answer is an error. */
export function decideConfirmCode(state: StudentState, cmd: ConfirmCodeCommand): ConfirmOutcome {
  if (state.status === 'verified') return { outcome: 'already', events: [] };
  if (state.status !== 'code_sent' || !state.code_hash || !state.expires_at || !state.email || !state.domain) throw studentErrors.notSent();
  if (cmd.now.getTime() >= Date.parse(state.expires_at) || state.wrong_tries >= STUDENT_CODE.maxWrongTries) throw studentErrors.expiredCode();
  if (cmd.code_hash !== state.code_hash)
    return { outcome: 'wrong', events: [{ type: 'StudentCodeRejected', data: { user_id: cmd.user_id, at: cmd.now.toISOString() } }] };
  return {
    outcome: 'verified',
    events: [{ type: 'StudentVerified', data: { user_id: cmd.user_id, email: state.email, domain: state.domain, verified_at: cmd.now.toISOString() } }],
  };
}

/** What the calls answer: the verification as it stands, the offer only once verified. */
export function studentView<O>(state: StudentState, available: boolean, offer: O | null) {
  return {
    available,
    status: state.status,
    email: state.email,
    verified_at: state.verified_at,
    offer: state.status === 'verified' ? offer : null,
  };
}
