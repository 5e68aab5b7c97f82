// Identity's personal data in the log: the account's address and names (docs/data-rights.md).
import { blank, type Redactors } from '../eventstore/erasure.js';
import { accountStream } from './events.js';

const mine = (streamId: string, userId: string) => streamId === accountStream(userId);

export const identityRedactors: Redactors = {
  AccountRegistered: (e, p) => (mine(e.streamId, p.userId) ? blank(e.data, ['email', 'name']) : undefined),
  AccountRenamed: (e, p) => (mine(e.streamId, p.userId) ? blank(e.data, ['name']) : undefined),
  AccountEmailChanged: (e, p) => (mine(e.streamId, p.userId) ? blank(e.data, ['email', 'previous_email']) : undefined),
  AccountUsernameChanged: (e, p) => (mine(e.streamId, p.userId) ? blank(e.data, ['username']) : undefined),
  // The key names a stored object that the deletion removes; blanked so nothing points at it.
  AccountAvatarChanged: (e, p) => (mine(e.streamId, p.userId) ? blank(e.data, ['image_key']) : undefined),
};

/** Every address and name the account's own stream recorded (any event with an `email` or `name`-like field). */
export function namesAndEmailsOf(events: { data: unknown }[]) {
  const emails = new Set<string>();
  const names = new Set<string>();
  for (const e of events)
    for (const [k, v] of Object.entries((e.data ?? {}) as Record<string, unknown>)) {
      if (typeof v !== 'string' || !v) continue;
      if (/email/i.test(k)) emails.add(v.toLowerCase());
      else if (/name$/i.test(k)) names.add(v);
    }
  return { emails: [...emails], names: [...names] };
}
