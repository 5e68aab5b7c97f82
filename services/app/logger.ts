import { pino } from 'pino';

export function createLogger(level: string) {
  return pino({ level, base: undefined, redact: ['req.headers.cookie', 'res.headers["set-cookie"]'] });
}
export type Logger = ReturnType<typeof createLogger>;
