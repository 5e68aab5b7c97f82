// After sign-out nothing of the previous user stays on screen or in memory: every cached view
// (threads, library, Spaces, files, answers still streaming) is dropped, the views on screen
// load again as the visitor, toasts go, and per-user stores outside the query cache reset.
import type { QueryClient } from '@tanstack/react-query';
import { toast } from './toasts';

const userStores = new Set<() => void>();

/** A store that holds something of the signed-in user registers its reset here. */
export function resetOnSignOut(reset: () => void) {
  userStores.add(reset);
  return () => void userStores.delete(reset);
}

export async function forgetUser(client: QueryClient) {
  client.getMutationCache().clear();
  // Views not on screen go now (live answers among them, which stops their streams).
  client.removeQueries({ type: 'inactive' });
  for (const reset of userStores) reset();
  toast.dismiss();
  // Views on screen lose their data at once and load again as the visitor (the session too).
  await client.resetQueries();
}
