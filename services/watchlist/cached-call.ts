// A provider's answer kept for its time to live: a key found is answered from the cache, one
// missing is asked of the provider and kept (a failure is not kept, so the next asks again).
import type { LRUCache } from 'lru-cache';

export async function cachedCall<V extends {}>(cache: LRUCache<string, V>, key: string, load: () => Promise<V>): Promise<V> {
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const found = await load();
  cache.set(key, found);
  return found;
}
