import { expect, test } from 'vitest';
import { tsvFeed, xmlFeed, type FakeItem } from '../../../tests/fakes/merchant-feed.js';
import { optionKeyOf } from './feed-product.js';
import { FeedError, parseFeed } from './parse-feed.js';

const jacket: FakeItem[] = [
  { id: 'J1-M', groupId: 'J1', title: 'Alpine waterproof jacket', brand: 'Peak', price: '189.00 EUR', size: 'M', color: 'Red', rating: 4.6, reviews: 120 },
  { id: 'J1-L', groupId: 'J1', title: 'Alpine waterproof jacket', brand: 'Peak', price: '199.00 EUR', size: 'L', color: 'Red', availability: 'out_of_stock' },
  { id: 'B1', title: 'Trail boots', description: '<p>Grippy <b>soles</b></p>', price: 'EUR 120', availability: 'preorder' },
];

test.each([
  ['XML', xmlFeed(jacket)],
  ['TSV', tsvFeed(jacket)],
])('a %s feed gives products, variants grouped as options with their own keys and prices', (_format, text) => {
  const { products, skipped } = parseFeed({ merchantId: 'peak', text, currency: null });
  expect(skipped).toEqual([]);
  expect(products).toHaveLength(2);
  const [j, b] = products;
  expect(j).toMatchObject({ product_id: 'peak:J1', title: 'Alpine waterproof jacket', brand: 'Peak', rating: 4.6, review_count: 120 });
  expect(j!.options.map((o) => [o.option_key, o.label, o.price_minor, o.currency, o.availability])).toEqual([
    [optionKeyOf('peak', 'J1-M'), 'Red / M', 18900, 'EUR', 'in_stock'],
    [optionKeyOf('peak', 'J1-L'), 'Red / L', 19900, 'EUR', 'out_of_stock'],
  ]);
  expect(b).toMatchObject({ product_id: 'peak:B1', description: 'Grippy soles', rating: null });
  expect(b!.options[0]).toMatchObject({ price_minor: 12000, availability: 'preorder', image_url: 'https://shop.example/img/B1.jpg' });
});

test('an item without a price or with an unreadable one is skipped and said; the rest are kept', () => {
  const text = xmlFeed([...jacket, { id: 'X', title: 'No price', price: 'free' }]);
  const { products, skipped } = parseFeed({ merchantId: 'm', text, currency: null });
  expect(products).toHaveLength(2);
  expect(skipped).toEqual([{ item: 4, reason: 'item X has a price that cannot be read: free' }]);
});

test('prices without a currency take the merchant’s', () => {
  const { products } = parseFeed({ merchantId: 'm', text: tsvFeed([{ id: 'a', title: 'Mug', price: '12.5' }]), currency: 'GBP' });
  expect(products[0]!.options[0]).toMatchObject({ price_minor: 1250, currency: 'GBP' });
});

test.each([
  ['broken XML', '<?xml version="1.0"?><rss><channel><item><g:id>1</g:id></channel></rss>', /not well-formed XML/],
  ['XML of another kind', '<?xml version="1.0"?><catalog><product/></catalog>', /neither RSS 2.0/],
  ['entities', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><rss><channel></channel></rss>', /DOCTYPE/],
  ['wrong columns', 'sku\tname\tcost\n1\tMug\t3 EUR\n', /columns lack id, title, link, price/],
  ['rows of another width', `${tsvFeed(jacket)}only\ttwo\n`, /not tab-separated text/],
  ['no items', xmlFeed([]), /lists no items/],
  ['no readable item', xmlFeed([{ id: 'a', title: 'A', price: 'soon' }]), /None of the feed's 1 items could be read/],
])('%s: the feed is refused with its reason', (_what, text, reason) => {
  expect(() => parseFeed({ merchantId: 'm', text, currency: null })).toThrow(FeedError);
  expect(() => parseFeed({ merchantId: 'm', text, currency: null })).toThrow(reason);
});
