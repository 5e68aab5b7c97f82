// The Ergast-compatible F1 adapter against its fake on 127.0.0.1: drivers and the last race in,
// an empty season as no race, and a failing or oversized answer an F1DataError.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startErgastFake } from '../../tests/fakes/ergast.js';
import { listenLoopback } from '../../tests/fakes/listen.js';
import { ergastF1Data, F1DataError } from './ergast.js';

let fake: Awaited<ReturnType<typeof startErgastFake>>;
beforeAll(async () => {
  fake = await startErgastFake();
  fake.addDriver({ driverId: 'leclerc', givenName: 'Charles', familyName: 'Leclerc', code: 'LEC', nationality: 'Monegasque' });
});
afterAll(async () => fake?.close());

const f1 = () => ergastF1Data({ baseUrl: `${fake.url}/`, timeoutMs: 2_000 });

test('the drivers, and no race before the season starts, then the last race in order', async () => {
  expect(await f1().drivers()).toEqual([{ driver_id: 'leclerc', name: 'Charles Leclerc', code: 'LEC', nationality: 'Monegasque' }]);
  expect(await f1().lastRace()).toBeNull();
  fake.setLastRace({
    raceName: 'Monaco Grand Prix',
    circuit: 'Circuit de Monaco',
    date: '2026-05-24',
    results: [{ driverId: 'leclerc', constructor: 'Ferrari', points: '25' }],
  });
  expect(await f1().lastRace()).toEqual({
    season: '2026',
    round: '5',
    race_name: 'Monaco Grand Prix',
    circuit: 'Circuit de Monaco',
    date: '2026-05-24',
    results: [{ position: 1, driver_id: 'leclerc', driver: 'Charles Leclerc', code: 'LEC', constructor: 'Ferrari', points: 25, status: 'Finished' }],
  });
});

test('a failing source and an answer over the size cap are F1DataErrors', async () => {
  fake.fail(true);
  await expect(f1().drivers()).rejects.toBeInstanceOf(F1DataError);
  fake.fail(false);
  const big = await listenLoopback((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(`{"pad":"${'x'.repeat(2048)}"}`));
  try {
    await expect(ergastF1Data({ baseUrl: big.url, maxBytes: 1024 }).drivers()).rejects.toThrow(/over 1024 bytes/);
  } finally {
    await big.close();
  }
});
