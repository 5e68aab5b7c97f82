// Walking a file source's adapter to its end, as the adapters' tests do: every page of a root's
// listing (or the first `stopAfter` pages, with the checkpoint to go on from), and every id of
// its slim listing. Test-only.
import type { FileSourceAdapter, PickedRoot, RemoteItem } from '../../../services/connectors/adapters/types.js';

export function walkersOf(root: PickedRoot) {
  async function walkAll(a: FileSourceAdapter, stopAfter = Number.POSITIVE_INFINITY) {
    const items: RemoteItem[] = [];
    let checkpoint: string | null = null;
    let pages = 0;
    do {
      const page = await a.listPage(root, checkpoint);
      items.push(...page.items);
      checkpoint = page.checkpoint;
      if (++pages >= stopAfter) break;
    } while (checkpoint);
    return { items, checkpoint };
  }
  async function slimAll(a: FileSourceAdapter) {
    const ids: string[] = [];
    let checkpoint: string | null = null;
    do {
      const page = await a.slimListPage(root, checkpoint);
      ids.push(...page.ids);
      checkpoint = page.checkpoint;
    } while (checkpoint);
    return ids;
  }
  return { walkAll, slimAll };
}
