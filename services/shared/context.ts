import type { Config } from '../app/config.js';
import type { Db } from '../db/database.js';
import type { EventStore } from '../eventstore/store.js';
import type { Auth } from '../identity/auth.js';
import type { SessionIds } from '../identity/session-ids.js';
import type { Logger } from 'pino';
import type { AnswerJob } from '../answers/generate.js';
import type { AnswerStreamEvent } from '../answers/stream-events.js';
import type { Storage } from '../storage/storage.js';
import type { ActorSource } from './actor.js';

/** What a handler may use. Built once at start; handlers get the clock from here too. */
export type AppContext = {
  config: Config;
  db: Db;
  store: EventStore;
  auth: Auth;
  /** Who each session cookie belongs to, remembered briefly; forgotten at sign-out. */
  sessions: SessionIds;
  /** How the edge finds who makes a request (the session's user, organisation and plan). */
  actors: ActorSource;
  logger: Logger;
  now: () => Date;
  /**
   * The answer engine: the configured model's name, the start of an entry's answer workflow, its
   * recorded events from an offset, and (for a workflow started here) its events as they are written.
   */
  answers: {
    modelName: string;
    start: (job: AnswerJob) => Promise<void>;
    events: (entry: { context_uuid: string; backend_uuid: string }, offset: number) => AsyncIterable<AnswerStreamEvent>;
    follow: (backendUuid: string) => { events: AsyncIterable<AnswerStreamEvent>; close: () => void };
  };
  /** Where file bytes live (S3 or the local bucket). */
  storage: Storage;
  /** Starts indexing a file's version (a durable workflow; starting it twice is one workflow). */
  indexing: { start: (job: { file_uuid: string; version: number }) => Promise<void> };
  isReady: () => Promise<boolean>;
};
