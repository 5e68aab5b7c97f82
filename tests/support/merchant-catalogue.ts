// A shopping catalogue for a test server, made the way the running app makes it: merchants listed
// in MERCHANT_FEEDS_FILE whose Google Merchant Center feeds the merchant feed fake serves, synced
// by the server's own feed workflow. Orders are then priced by the real catalogue.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { optionKeyOf } from '../../services/shopping/catalogue/feed-product.js';
import { type FakeItem, startMerchantFeedFake, xmlFeed } from '../fakes/merchant-feed.js';

/** The option_key the catalogue gives a merchant's feed item. */
export { optionKeyOf };

export type TestMerchant = { id: string; name: string; items: FakeItem[] };

export async function startMerchantCatalogue(merchants: TestMerchant[]) {
  const feeds = await startMerchantFeedFake();
  for (const m of merchants) feeds.serve(`/${m.id}.xml`, xmlFeed(m.items));
  const list = join(mkdtempSync(join(tmpdir(), 'merchants-')), 'merchants.json');
  writeFileSync(list, JSON.stringify(merchants.map((m) => ({ id: m.id, name: m.name, url: `${feeds.url}/${m.id}.xml` }))));
  return {
    feeds,
    /** The server's configuration for these merchants. */
    env: { MERCHANT_FEEDS_FILE: list } as Record<string, string>,
    /**
     * Waits until the server at `serverUrl` has synced every merchant once (the first sync runs as
     * it starts), these feeds and any store it also has (SHOPIFY_STORE_DOMAIN).
     */
    synced: async (serverUrl: string) => {
      for (let i = 0; i < 600; i++) {
        const res = await fetch(`${serverUrl}/rest/shopping/merchant-feeds`);
        const { merchants: states } = (await res.json()) as { merchants: { last_ok_at: string | null }[] };
        if (states.length >= merchants.length && states.every((s) => s.last_ok_at)) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('the merchant feeds were not synced within 60 s');
    },
    close: () => feeds.close(),
  };
}
