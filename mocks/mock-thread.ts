// What a mock thread keeps (mocks/threads.ts): the server's Thread without what `view` derives,
// with its owner, entries (each with the events it streams), access requests and readers.
import type { AccessRequest, Thread, ThreadEntry } from '../generated/react-query/model';

export type MockEvent = { event: string; data: unknown };
/** `research`: asked as a Research report (its steps are the plan's `status` events). */
export type MockEntry = ThreadEntry & { plan: MockEvent[]; sent: number; stop?: boolean; research?: boolean };
/** What the mock keeps; the rest of a Thread is derived in `view`. */
type Derived =
  | 'entries'
  | 'is_owner'
  | 'backend_uuid'
  | 'query_str'
  | 'focus'
  | 'author'
  | 'collection_info'
  | 'privacy_state'
  | 'is_published'
  | 'bookmark_state';
/** `collection_uuid`: the Space the thread is in (mocks/spaces.ts); `readers`: the users the owner let in. */
export type MockThread = Omit<Thread, Derived> & {
  owner: string;
  entries: MockEntry[];
  access_requests?: AccessRequest[];
  collection_uuid?: string | null;
  readers?: string[];
};
