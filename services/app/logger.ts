import { pino } from 'pino';

export function createLogger(level: string) {
  return pino({ level, base: undefined, redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'] });
}
export type Logger = ReturnType<typeof createLogger>;
