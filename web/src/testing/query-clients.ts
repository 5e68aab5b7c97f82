// Query clients for component tests: each render gets a fresh one, and `clearQueryClients()`
// (after each test) clears them all, which also stops the answers they were still streaming.
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../platform/query-client';

const made: QueryClient[] = [];

export function testQueryClient() {
  const client = createQueryClient();
  made.push(client);
  return client;
}

export function clearQueryClients() {
  for (const client of made.splice(0)) client.clear();
}
