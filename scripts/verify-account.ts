// `make verify-account EMAIL=someone@example.com`: marks an account's address as verified, for a
// server without SMTP_URL (its verification mail reaches nobody). Safe while the app runs: it uses
// the app's database (command-database.ts) and never stops what it did not start.
import { verifyAccountByHand } from '../services/identity/verify-by-hand.js';
import { withCommandDatabase } from './command-database.js';

const email = process.argv[2]?.trim();
if (!email) {
  console.error('Usage: make verify-account EMAIL=someone@example.com');
  process.exit(2);
}
await withCommandDatabase(async (store) => {
  const outcome = await verifyAccountByHand(store, email);
  const said = {
    verified: `${email} is verified now.`,
    already_verified: `${email} was already verified.`,
    no_account: `No account has the address ${email}.`,
  };
  console.log(said[outcome]);
  return outcome === 'no_account' ? 1 : 0;
});
