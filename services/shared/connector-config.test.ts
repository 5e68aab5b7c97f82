import { describe, expect, it } from 'vitest';
import { parseConnectorConfig } from './connector-config.js';

const KEY = Buffer.alloc(32, 7).toString('base64');

describe('the connectors configuration', () => {
  it('sets up a family only with both its client id and secret, and moves its calls only to an http(s) address', () => {
    const { config, problems } = parseConnectorConfig({
      CONNECTOR_GOOGLE_CLIENT_ID: 'id',
      CONNECTOR_GOOGLE_CLIENT_SECRET: 'secret',
      CONNECTOR_GOOGLE_BASE_URL: 'http://127.0.0.1:9',
    });
    expect(problems).toEqual([]);
    expect(config.clients.google).toEqual({ clientId: 'id', clientSecret: 'secret', baseUrl: 'http://127.0.0.1:9' });
    expect(config.clients.slack).toBeNull();
    expect(parseConnectorConfig({ CONNECTOR_SLACK_CLIENT_ID: 'id' }).problems).toEqual([
      'CONNECTOR_SLACK_CLIENT_ID and CONNECTOR_SLACK_CLIENT_SECRET: set both, or neither',
    ]);
    expect(parseConnectorConfig({ CONNECTOR_BOX_BASE_URL: 'ftp://x' }).problems).toEqual(['CONNECTOR_BOX_BASE_URL: must be an http:// or https:// URL']);
  });

  it('takes a 32-byte base64 token key, and old keys only beside a current one', () => {
    expect(parseConnectorConfig({ CONNECTOR_TOKEN_KEY: KEY }).config.tokenKey?.length).toBe(32);
    expect(parseConnectorConfig({ CONNECTOR_TOKEN_KEY: 'c2hvcnQ=' }).problems).toEqual([
      'CONNECTOR_TOKEN_KEY: must be 32 bytes in base64 (for example: openssl rand -base64 32)',
    ]);
    expect(parseConnectorConfig({ CONNECTOR_TOKEN_OLD_KEYS: KEY }).problems).toEqual([
      'CONNECTOR_TOKEN_OLD_KEYS: set CONNECTOR_TOKEN_KEY too (the key tokens are sealed with now)',
    ]);
    expect(parseConnectorConfig({ CONNECTOR_TOKEN_KEY: KEY, CONNECTOR_TOKEN_OLD_KEYS: `${KEY}, ${KEY}` }).config.oldTokenKeys).toHaveLength(2);
  });

  it('asks for deltas every 15 minutes unless told otherwise, from 10 seconds to a day', () => {
    expect(parseConnectorConfig({}).config.deltaIntervalSeconds).toBe(900);
    expect(parseConnectorConfig({ CONNECTOR_DELTA_INTERVAL_SECONDS: '60' }).config.deltaIntervalSeconds).toBe(60);
    for (const wrong of ['5', '1.5', 'soon', '86401'])
      expect(parseConnectorConfig({ CONNECTOR_DELTA_INTERVAL_SECONDS: wrong }).problems).toEqual([
        'CONNECTOR_DELTA_INTERVAL_SECONDS: must be a whole number of seconds from 10 to 86400',
      ]);
  });

  it('removes a disconnected connection 200 items a step unless told otherwise, from 1 to 10,000', () => {
    expect(parseConnectorConfig({}).config.removalBatch).toBe(200);
    expect(parseConnectorConfig({ CONNECTOR_REMOVAL_BATCH: '25' }).config.removalBatch).toBe(25);
    for (const wrong of ['0', '2.5', 'many', '10001'])
      expect(parseConnectorConfig({ CONNECTOR_REMOVAL_BATCH: wrong }).problems).toEqual([
        'CONNECTOR_REMOVAL_BATCH: must be a whole number of items from 1 to 10000',
      ]);
  });

  it('walks apps whose deltas miss deletions once a day unless told otherwise, from every sync (0) to 30 days', () => {
    expect(parseConnectorConfig({}).config.reconcileSeconds).toBe(86_400);
    expect(parseConnectorConfig({ CONNECTOR_RECONCILE_SECONDS: '0' }).config.reconcileSeconds).toBe(0);
    expect(parseConnectorConfig({ CONNECTOR_RECONCILE_SECONDS: '3600' }).config.reconcileSeconds).toBe(3600);
    for (const wrong of ['-1', '1.5', 'daily', '2592001'])
      expect(parseConnectorConfig({ CONNECTOR_RECONCILE_SECONDS: wrong }).problems).toEqual([
        'CONNECTOR_RECONCILE_SECONDS: must be a whole number of seconds from 0 to 2592000',
      ]);
  });

  it('paces each provider at its own documented rate unless one pace is set for all', () => {
    expect(parseConnectorConfig({}).config.callSpacingMs).toBeNull();
    expect(parseConnectorConfig({ CONNECTOR_CALL_SPACING_MS: '0' }).config.callSpacingMs).toBe(0);
    for (const wrong of ['-1', '2.5', 'fast', '60001'])
      expect(parseConnectorConfig({ CONNECTOR_CALL_SPACING_MS: wrong }).problems).toEqual([
        'CONNECTOR_CALL_SPACING_MS: must be a whole number of milliseconds from 0 to 60000',
      ]);
  });
});
