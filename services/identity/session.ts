// Reads the Better Auth session from a request and turns it into the seeds' Session user.
import { fromNodeHeaders } from 'better-auth/node';
import type { Request } from 'express';
import type { AppContext } from '../app/context.js';
import { HttpProblem } from '../app/problem.js';
import { findSessionUser } from './queries.js';

export async function currentUser(req: Request, ctx: AppContext) {
  const session = await ctx.auth.api.getSession({ headers: fromNodeHeaders(req.headers) });
  return session ? findSessionUser(ctx.db, session.user) : null;
}

/**
 * Only who is signed in (no account or organisation lookups): for calls that need just the id.
 * Remembered for a few seconds per cookie (session-ids.ts): an answer's request asks this first.
 */
export async function currentUserId(req: Request, ctx: AppContext) {
  return ctx.sessions.userIdOf(
    req.headers.cookie ?? '',
    async () => (await ctx.auth.api.getSession({ headers: fromNodeHeaders(req.headers) }))?.user.id ?? null,
  );
}

export async function requireUser(req: Request, ctx: AppContext) {
  const user = await currentUser(req, ctx);
  if (!user) throw new HttpProblem(401, 'unauthenticated', 'Sign in to continue.');
  return user;
}
