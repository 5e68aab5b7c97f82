// What identity's handlers use beyond the kernel: Better Auth, the session cache and account mail.
import type { KernelContext } from '../shared/context.js';
import type { SessionSubscription } from '../shared/actor.js';
import type { Auth } from './auth.js';
import type { SessionIds } from './session-ids.js';
import type { SendAccountMail } from './account-mail.js';

export type IdentityContext = KernelContext & {
  auth: Auth;
  /** Who each session cookie belongs to, remembered briefly; forgotten at sign-out. */
  sessions: SessionIds;
  /** Mails about the account that identity sends itself (Better Auth's go through its own hooks). */
  sendAccountMail: SendAccountMail;
  /** The subscription part of the session user, from billing's read model (billing sits above identity, so a port). */
  subscriptionOf: (userId: string) => Promise<SessionSubscription>;
};
