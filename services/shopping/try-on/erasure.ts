// The try-on's part in deleting an account (services/rights/deletion.ts runs it with the person's
// other files): every image's bytes. The rows go with AccountErased (projections.ts).
import type { KernelContext } from '../../shared/context.js';
import { imageKeysOf } from './queries.js';

export async function removeTryOnImages(ctx: Pick<KernelContext, 'db' | 'storage' | 'logger'>, userId: string) {
  const keys = await imageKeysOf(ctx.db, userId);
  for (const key of keys) await ctx.storage.delete(key).catch((err) => ctx.logger.warn({ err }, 'could not remove a try-on image'));
  return keys.length;
}
