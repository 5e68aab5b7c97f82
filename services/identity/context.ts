// What identity's handlers use beyond the kernel: Better Auth and the session cache.
import type { KernelContext } from '../shared/context.js';
import type { Auth } from './auth.js';
import type { SessionIds } from './session-ids.js';

export type IdentityContext = KernelContext & {
  auth: Auth;
  /** Who each session cookie belongs to, remembered briefly; forgotten at sign-out. */
  sessions: SessionIds;
};
