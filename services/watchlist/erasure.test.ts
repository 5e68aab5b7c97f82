// An erased person's watchlist events keep their shape but name no ticker or driver; another person's stay.
import { expect, test } from 'vitest';
import { watchlistRedactors } from './erasure.js';

const who = { userId: 'u1' } as Parameters<(typeof watchlistRedactors)['WatchlistItemAdded']>[1];
const event = (type: string, data: Record<string, unknown>) => ({ type, data }) as never;

test('the person’s adds, removes and orders lose their identifiers; another person’s are left alone', () => {
  const item = { identifier: 'AAPL', category: 'stocks', title: 'AAPL', description: 'APPLE INC', image_url: null, image_url_dark: null };
  expect(watchlistRedactors.WatchlistItemAdded(event('WatchlistItemAdded', { user_id: 'u1', list: 'finance', item, at: 't' }), who)).toEqual({
    user_id: 'u1',
    list: 'finance',
    item: { identifier: '', category: 'stocks', title: '', description: '', image_url: null, image_url_dark: null },
    at: 't',
  });
  expect(
    watchlistRedactors.WatchlistItemRemoved(event('WatchlistItemRemoved', { user_id: 'u1', list: 'finance', identifier: 'AAPL', at: 't' }), who),
  ).toMatchObject({ identifier: '' });
  expect(
    watchlistRedactors.WatchlistReordered(event('WatchlistReordered', { user_id: 'u1', list: 'finance', identifiers: ['AAPL'], at: 't' }), who),
  ).toMatchObject({ identifiers: [] });
  expect(watchlistRedactors.WatchlistItemAdded(event('WatchlistItemAdded', { user_id: 'u2', list: 'finance', item, at: 't' }), who)).toBeUndefined();
});
