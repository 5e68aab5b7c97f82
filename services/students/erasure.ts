// Student verification in the log (docs/data-rights.md): the school address is the person's; the
// user id, the domain's shape and the times keep the events' shape.
import type { Redactors } from '../eventstore/erasure.js';

// biome-ignore lint/suspicious/noExplicitAny: a redactor reads any stored version of its payload.
type Any = any;

export const studentRedactors: Redactors = {
  StudentCodeSent: (e: Any, p) => (e.data.user_id === p.userId ? { ...e.data, email: '', code_hash: '' } : undefined),
  StudentCodeRejected: (e: Any, p) => (e.data.user_id === p.userId ? { ...e.data } : undefined),
  StudentVerified: (e: Any, p) => (e.data.user_id === p.userId ? { ...e.data, email: '' } : undefined),
};
