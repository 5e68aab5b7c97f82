import type { Config } from './config.js';
import type { Db } from '../db/database.js';
import type { EventStore } from '../eventstore/store.js';
import type { Auth } from '../identity/auth.js';
import type { Logger } from './logger.js';

/** What a handler may use. Built once at start; handlers get the clock from here too. */
export type AppContext = {
  config: Config;
  db: Db;
  store: EventStore;
  auth: Auth;
  logger: Logger;
  now: () => Date;
  isReady: () => Promise<boolean>;
};
