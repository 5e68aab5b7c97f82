// Administrators of this server: the accounts whose address is in ADMIN_EMAILS, once verified
// (so registering a listed address makes nobody an administrator). They read every mail of the
// local outbox and verify accounts by hand when no mail is sent.
export function isAdministrator(user: { email: string; email_verified: boolean }, adminEmails: readonly string[]) {
  return user.email_verified && adminEmails.includes(user.email.toLowerCase());
}
