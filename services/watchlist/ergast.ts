// F1 results from an Ergast-compatible API (F1_RESULTS_URL, e.g. Jolpica's https://api.jolpi.ca/ergast/f1):
// the season's drivers (GET <base>/current/drivers.json) and the last race's results
// (GET <base>/current/last/results.json). Its payload is untrusted: a timeout, a size cap and a
// schema check before anything is used; every failure is one F1DataError.
import { z } from 'zod';
import { readCappedBody } from '../shared/capped-body.js';

export const ERGAST_LIMITS = { timeoutMs: 10_000, maxBytes: 512 * 1024 } as const;

export type F1Driver = { driver_id: string; name: string; code: string | null; nationality: string };
export type F1RaceResult = { position: number; driver_id: string; driver: string; code: string | null; constructor: string; points: number; status: string };
export type F1LastRace = { season: string; round: string; race_name: string; circuit: string; date: string; results: F1RaceResult[] };

export interface F1Data {
  drivers(signal?: AbortSignal): Promise<F1Driver[]>;
  lastRace(signal?: AbortSignal): Promise<F1LastRace | null>;
}

export class F1DataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'F1DataError';
  }
}

const text = (max: number) => z.string().max(max);
const driver = z.object({
  driverId: text(80),
  givenName: text(80),
  familyName: text(80),
  code: text(8).optional(),
  nationality: text(80).optional(),
});
const driversPayload = z.object({ MRData: z.object({ DriverTable: z.object({ Drivers: z.array(driver).max(200) }) }) });
const resultsPayload = z.object({
  MRData: z.object({
    RaceTable: z.object({
      Races: z
        .array(
          z.object({
            season: text(8),
            round: text(8),
            raceName: text(120),
            date: text(20),
            Circuit: z.object({ circuitName: text(120) }),
            Results: z
              .array(
                z.object({
                  position: z.string().regex(/^\d{1,3}$/),
                  points: z.string().regex(/^\d{1,3}(\.\d{1,2})?$/),
                  status: text(80).optional(),
                  Driver: driver,
                  Constructor: z.object({ name: text(80) }),
                }),
              )
              .max(40),
          }),
        )
        .max(1),
    }),
  }),
});

export function ergastF1Data(opts: { baseUrl: string; timeoutMs?: number; maxBytes?: number }): F1Data {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? ERGAST_LIMITS.timeoutMs;
  const maxBytes = opts.maxBytes ?? ERGAST_LIMITS.maxBytes;

  async function getJson(path: string, signal?: AbortSignal): Promise<unknown> {
    const timeout = AbortSignal.timeout(timeoutMs);
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        headers: { accept: 'application/json' },
        redirect: 'error',
        signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
      });
    } catch {
      throw new F1DataError(timeout.aborted ? `the F1 API did not answer ${path} within ${timeoutMs} ms` : `the F1 API could not be reached for ${path}`);
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new F1DataError(`the F1 API answered ${res.status} for ${path}`);
    }
    let body: Buffer | 'too_large';
    try {
      body = await readCappedBody(res, maxBytes);
    } catch {
      throw new F1DataError(`the F1 API's answer for ${path} was cut off`);
    }
    if (body === 'too_large') throw new F1DataError(`the F1 API's answer for ${path} is over ${maxBytes} bytes`);
    try {
      return JSON.parse(body.toString('utf8'));
    } catch {
      throw new F1DataError(`the F1 API's answer for ${path} is not JSON`);
    }
  }
  const nameOf = (d: z.infer<typeof driver>) => `${d.givenName} ${d.familyName}`;

  return {
    async drivers(signal) {
      const parsed = driversPayload.safeParse(await getJson('/current/drivers.json', signal));
      if (!parsed.success) throw new F1DataError("the F1 API's drivers are not in Ergast's shape");
      return parsed.data.MRData.DriverTable.Drivers.map((d) => ({
        driver_id: d.driverId,
        name: nameOf(d),
        code: d.code ?? null,
        nationality: d.nationality ?? '',
      }));
    },
    async lastRace(signal) {
      const parsed = resultsPayload.safeParse(await getJson('/current/last/results.json', signal));
      if (!parsed.success) throw new F1DataError("the F1 API's results are not in Ergast's shape");
      const race = parsed.data.MRData.RaceTable.Races[0];
      if (!race) return null;
      return {
        season: race.season,
        round: race.round,
        race_name: race.raceName,
        circuit: race.Circuit.circuitName,
        date: race.date,
        results: race.Results.map((r) => ({
          position: Number(r.position),
          driver_id: r.Driver.driverId,
          driver: nameOf(r.Driver),
          code: r.Driver.code ?? null,
          constructor: r.Constructor.name,
          points: Number(r.points),
          status: r.status ?? '',
        })),
      };
    },
  };
}
