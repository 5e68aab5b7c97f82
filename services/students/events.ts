// A person's student verification as events, one stream per person: a code mailed to a school
// address (its hash only), a wrong code entered, and the address verified. Appends carry the
// expected version, so two codes or two tries racing cannot both count.
import type { StoredEvent } from '../eventstore/types.js';

export type StudentCodeSent = {
  type: 'StudentCodeSent';
  data: { user_id: string; email: string; domain: string; code_hash: string; mail_id: string; sent_at: string; expires_at: string };
};
export type StudentCodeRejected = { type: 'StudentCodeRejected'; data: { user_id: string; at: string } };
export type StudentVerified = { type: 'StudentVerified'; data: { user_id: string; email: string; domain: string; verified_at: string } };
export type StudentEvent = StudentCodeSent | StudentCodeRejected | StudentVerified;

export const STUDENT_EVENT_TYPES = ['StudentCodeSent', 'StudentCodeRejected', 'StudentVerified'] as const satisfies readonly StudentEvent['type'][];

export const studentStream = (userId: string) => `student-${userId}`;

export type StudentState = {
  status: 'unverified' | 'code_sent' | 'verified';
  email: string | null;
  domain: string | null;
  code_hash: string | null;
  sent_at: string | null;
  expires_at: string | null;
  wrong_tries: number;
  codes_sent: number;
  verified_at: string | null;
};

export const initialStudent: StudentState = {
  status: 'unverified',
  email: null,
  domain: null,
  code_hash: null,
  sent_at: null,
  expires_at: null,
  wrong_tries: 0,
  codes_sent: 0,
  verified_at: null,
};

export function evolveStudent(state: StudentState, event: StoredEvent | StudentEvent): StudentState {
  const e = { type: event.type, data: event.data } as StudentEvent;
  switch (e.type) {
    case 'StudentCodeSent':
      return {
        ...state,
        status: 'code_sent',
        email: e.data.email,
        domain: e.data.domain,
        code_hash: e.data.code_hash,
        sent_at: e.data.sent_at,
        expires_at: e.data.expires_at,
        wrong_tries: 0,
        codes_sent: state.codes_sent + 1,
      };
    case 'StudentCodeRejected':
      return { ...state, wrong_tries: state.wrong_tries + 1 };
    case 'StudentVerified':
      return { ...state, status: 'verified', email: e.data.email, domain: e.data.domain, code_hash: null, verified_at: e.data.verified_at };
    default:
      return state;
  }
}
