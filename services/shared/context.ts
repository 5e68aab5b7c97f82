// What every handler and use case may use: the kernel's parts, built once at start (handlers get
// the clock from here too). A domain that needs more (a port another part implements) declares
// its own context on top of this one; services/app builds one object that is all of them.
import type { Logger } from 'pino';
import type { Db } from '../db/database.js';
import type { EventStore } from '../eventstore/store.js';
import type { Storage } from '../storage/storage.js';
import type { ActorSource } from './actor.js';
import type { Config } from './config.js';

export type KernelContext = {
  config: Config;
  db: Db;
  store: EventStore;
  /** How the edge finds who makes a request (the session's user, organisation and plan). */
  actors: ActorSource;
  logger: Logger;
  now: () => Date;
  /** Where file bytes live (S3 or the local bucket). */
  storage: Storage;
  isReady: () => Promise<boolean>;
};
