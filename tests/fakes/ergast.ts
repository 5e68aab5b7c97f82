// A fake of an Ergast-compatible F1 API (https://api.jolpi.ca/ergast/f1 answers the same shapes),
// for tests only: the season's drivers and the last race's results, set by the test; it may fail (500).
import { listenLoopback } from './listen.js';

export type FakeDriver = { driverId: string; givenName: string; familyName: string; code: string; nationality: string };
export type FakeResult = { driverId: string; constructor: string; points: string };

export async function startErgastFake() {
  const drivers: FakeDriver[] = [];
  let race: { raceName: string; circuit: string; date: string; results: FakeResult[] } | null = null;
  let failing = false;
  const fake = await listenLoopback((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const send = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ MRData: body }));
    if (failing) return void res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
    if (req.method === 'GET' && path === '/current/drivers.json') return void send({ DriverTable: { season: '2026', Drivers: drivers } });
    if (req.method === 'GET' && path === '/current/last/results.json') {
      const Races = race
        ? [
            {
              season: '2026',
              round: '5',
              raceName: race.raceName,
              date: race.date,
              Circuit: { circuitId: 'c', circuitName: race.circuit },
              Results: race.results.map((r, i) => ({
                number: String(i + 1),
                position: String(i + 1),
                points: r.points,
                status: 'Finished',
                Driver: drivers.find((d) => d.driverId === r.driverId),
                Constructor: { constructorId: r.constructor.toLowerCase(), name: r.constructor },
              })),
            },
          ]
        : [];
      return void send({ RaceTable: { season: '2026', Races } });
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
  });
  return {
    ...fake,
    addDriver(d: FakeDriver) {
      drivers.push(d);
    },
    setLastRace(r: typeof race) {
      race = r;
    },
    fail(on: boolean) {
      failing = on;
    },
  };
}
