// Better Auth on our PostgreSQL: email and password, organisations. Its tables are the one
// place outside the event store that the auth library writes itself.
import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { organization } from 'better-auth/plugins';
import { getMigrations } from 'better-auth/db/migration';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';

export type AuthOptions = { pool: pg.Pool; secret: string; baseURL: string; trustedOrigins: string[] };

function authOptions(o: AuthOptions) {
  return {
    database: o.pool,
    secret: o.secret,
    baseURL: o.baseURL,
    basePath: '/api/auth',
    trustedOrigins: o.trustedOrigins,
    emailAndPassword: { enabled: true, minPasswordLength: 8, maxPasswordLength: 128, autoSignIn: true },
    plugins: [organization()],
    // Our edge does rate limiting and origin checks for every route, these included.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      useSecureCookies: o.baseURL.startsWith('https://'),
      database: { generateId: () => randomUUID() },
    },
  } satisfies BetterAuthOptions;
}

export function createAuth(o: AuthOptions) {
  return betterAuth(authOptions(o));
}
export type Auth = ReturnType<typeof createAuth>;

/** Creates or updates Better Auth's own tables (its migrations, not ours); run before createAuth. */
export async function migrateAuth(o: AuthOptions) {
  const { runMigrations } = await getMigrations(authOptions(o));
  await runMigrations();
}
