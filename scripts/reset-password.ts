// `make reset-password EMAIL=someone@example.com`: prints a one-time link (one hour) with which the
// account's owner chooses a new password, for a server without SMTP_URL (its reset mail reaches
// nobody); using it signs out every device of the account. Safe while the app runs: it uses the
// app's database (command-database.ts) and never stops what it did not start.
import { makeResetLink } from '../services/identity/reset-link.js';
import { withCommandDatabase } from './command-database.js';

const email = process.argv[2]?.trim();
if (!email) {
  console.error('Usage: make reset-password EMAIL=someone@example.com');
  process.exit(2);
}
await withCommandDatabase(async (store, config) => {
  const link = await makeResetLink(store, { email, publicUrl: config.publicUrl, by: 'command', now: new Date() });
  if (!link) {
    console.log(`No account has the address ${email}.`);
    return 1;
  }
  console.log(`A link for ${link.email} to choose a new password (it works once, until ${link.expires_at}):\n${link.url}`);
  return 0;
});
