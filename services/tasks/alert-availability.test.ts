import { describe, expect, test } from 'vitest';
import { DomainError } from '../shared/domain-error.js';
import { checkAlertInput, checkAlertsAvailable } from './alert-availability.js';

const off = { config: { marketData: null } } as unknown as Parameters<typeof checkAlertsAvailable>[0];

describe('price alerts without a market-data provider', () => {
  test('cannot be made, changed, copied or resumed: 503 market_data_not_configured', async () => {
    expect(() => checkAlertsAvailable(off)).toThrow(DomainError);
    expect(() => checkAlertsAvailable(off)).toThrow(expect.objectContaining({ code: 'market_data_not_configured' }));
    await expect(checkAlertInput(off, { alertType: 'STOCK_PRICE_TARGET', symbol: 'AAPL', price: 1 })).rejects.toMatchObject({
      code: 'market_data_not_configured',
    });
  });
});
