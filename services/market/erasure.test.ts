// A deleted account's price alerts keep their shape in the log, without the stock they watched or
// the reasons written about it; another person's alerts are left as they were.
import { expect, test } from 'vitest';
import { redactOne } from '../eventstore/erasure.js';
import { priceAlertRedactors } from './erasure.js';

const person = { userId: 'ada', emails: ['ada@example.com'], names: ['Ada'], streams: new Set<string>() };
const fired = (owner: string) => ({
  type: 'PriceAlertFired',
  streamId: 'price-alert-t1',
  data: {
    task_id: 't1',
    owner_id: owner,
    terms: { alert_type: 'STOCK_PRICE_TARGET', symbol: 'AAPL', price: 200, value_lower_bound: null, value_upper_bound: null },
    watch: { kind: 'target', from: 'above' },
    quote: { symbol: 'AAPL', price: 201, previous_close: 197, currency: 'USD', at: '2026-11-26T15:00:00.000Z' },
    crossings: [{ bound: 'target', direction: 'rose', level: 200 }],
    reason: 'AAPL rose to 201.00 USD, crossing your target of 200.00 USD (+2.0% today).',
    occurrence_key: 'price-2',
    fired_at: '2026-11-26T15:00:00.000Z',
  },
});

test('the owner’s firing loses its symbol and reason, keeps its numbers and ids', () => {
  const out = redactOne(priceAlertRedactors, fired('ada'), person) as ReturnType<typeof fired>['data'];
  expect(JSON.stringify(out)).not.toContain('AAPL');
  expect(out).toMatchObject({
    task_id: 't1',
    owner_id: 'ada',
    occurrence_key: 'price-2',
    reason: '',
    quote: { price: 201, symbol: '' },
    terms: { price: 200 },
  });
});

test('someone else’s alert is not touched', () => {
  expect(redactOne(priceAlertRedactors, fired('bob'), person)).toBeUndefined();
});
