// Mail's personal data in the log: every mail to the person, and every mail that names them (an
// invitation they sent says who invited), as the outbox discards them all (docs/data-rights.md).
import { mentions, type Redactors } from '../eventstore/erasure.js';
import type { MailQueued } from './events.js';

export const mailRedactors: Redactors = {
  MailQueued: (e, p) => {
    const d = e.data as MailQueued['data'];
    const theirs = d.user_id === p.userId || p.emails.includes(String(d.to).toLowerCase()) || mentions([d.subject, d.text], p);
    return theirs ? { ...d, to: '', subject: '', text: '' } : undefined;
  },
};
