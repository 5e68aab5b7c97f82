// What the API keys' handlers use beyond the kernel and threads: the Actor of a key's owner
// (services/app builds it from identity), so an answer asked with a key is asked as its owner.
import type { Actor } from '../shared/actor.js';
import type { ThreadsContext } from '../threads/index.js';

export type KeyOwners = { actorOf: (userId: string) => Promise<Actor | null> };

export type ApiKeysContext = ThreadsContext & { keyOwners: KeyOwners };
