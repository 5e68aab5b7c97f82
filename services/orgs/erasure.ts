// Organisations' personal data in the log (docs/data-rights.md): the addresses of invitations
// and members. The events stay (the organisation's history), without the person's address. An
// organisation closed by its last member's deletion is wholly theirs (in ErasedPerson.streams):
// its name, slug and details go too; the slug becomes one no organisation can have taken.
import { blank, type Redactors } from '../eventstore/erasure.js';

const isTheirs = (email: unknown, emails: readonly string[]) => typeof email === 'string' && emails.includes(email.toLowerCase());

export const orgRedactors: Redactors = {
  OrgCreated: (e, p) => {
    if (p.streams.has(e.streamId)) return { ...blank(e.data, ['owner_email', 'name']), slug: `erased-${e.data.org_uuid}` };
    return e.data.owner_user_id === p.userId || isTheirs(e.data.owner_email, p.emails) ? blank(e.data, ['owner_email']) : undefined;
  },
  OrgDetailsChanged: (e, p) => (p.streams.has(e.streamId) ? blank(e.data, ['changes']) : undefined),
  OrgMemberInvited: (e, p) => (isTheirs(e.data.email, p.emails) ? blank(e.data, ['email']) : undefined),
  OrgMemberJoined: (e, p) => (e.data.user_id === p.userId || isTheirs(e.data.email, p.emails) ? blank(e.data, ['email']) : undefined),
};
