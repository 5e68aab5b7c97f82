// What the notification calls need from the app (services/app/app-context.ts builds it).
import type { CentreSignals } from './centre-signals.js';

export type NotificationsContext = {
  notifications: {
    /** The VAPID public key browsers subscribe with. */
    pushPublicKey: string;
    /** host:port of push services allowed on private addresses (WEB_PUSH_ALLOW_PRIVATE_HOSTS; tests). */
    pushAllowPrivateHosts: readonly string[];
    /** Wakes the live streams of a person's centre when it changes (one LISTEN connection per instance). */
    centreSignals: CentreSignals;
  };
};
