import { fromNodeHeaders } from 'better-auth/node';
import type { Response } from 'express';
import type { Routes } from '../app/handler.js';
import { HttpProblem } from '../app/problem.js';
import { emailTaken, findSessionUser, slugTaken } from './queries.js';
import { currentUser, requireUser } from './session.js';
import { registerAccount } from './use-cases.js';

/** Better Auth answers with its own error codes; these are the ones a user can cause. */
function authProblem(err: unknown): never {
  const e = err as { status?: string | number; statusCode?: number; body?: { code?: string; message?: string } };
  const code = e?.body?.code;
  if (code === 'INVALID_EMAIL_OR_PASSWORD' || code === 'INVALID_PASSWORD' || code === 'INVALID_EMAIL')
    throw new HttpProblem(401, 'invalid_credentials', 'Wrong email or password.');
  if (code === 'USER_ALREADY_EXISTS' || code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') throw emailTakenProblem();
  if (code === 'PASSWORD_TOO_SHORT' || code === 'PASSWORD_TOO_LONG') throw new HttpProblem(400, 'invalid_password', e.body?.message);
  if (code === 'ORGANIZATION_ALREADY_EXISTS' || code === 'ORGANIZATION_SLUG_ALREADY_TAKEN') throw slugTakenProblem();
  if (typeof e?.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500)
    throw new HttpProblem(e.statusCode, (code ?? 'auth_error').toLowerCase(), e.body?.message);
  throw err;
}

const slugTakenProblem = () => new HttpProblem(409, 'slug_taken', 'That organisation name is taken. Choose another.');
const emailTakenProblem = () => new HttpProblem(409, 'email_taken', 'An account with this email already exists. Sign in instead.');

function forwardCookies(from: Headers, res: Response) {
  const cookies = from.getSetCookie();
  if (cookies.length) res.append('set-cookie', cookies);
}

export const identityRoutes: Routes = {
  async signUpEmail(req, res, ctx) {
    const { name, email, password } = req.body as { name: string; email: string; password: string };
    const result = await ctx.auth.api
      .signUpEmail({ body: { name, email, password }, headers: fromNodeHeaders(req.headers), returnHeaders: true })
      .catch(async (err) => {
        // Two sign-ups with one email at the same time: the later one fails on the unique email
        // rather than on Better Auth's check, and is told the same as if it had come second.
        if ((err as { body?: { code?: string } })?.body?.code === 'FAILED_TO_CREATE_USER' && (await emailTaken(ctx.db, email))) throw emailTakenProblem();
        return authProblem(err);
      });
    const user = result.response.user;
    try {
      await registerAccount(ctx.store, { userId: user.id, email: user.email, name: user.name, visitorId: res.locals.visitorId, now: ctx.now() });
    } catch (err) {
      // Better Auth has already stored the user; without its AccountRegistered event the account
      // would be half made, so take the user back out and let the person try again.
      await (await ctx.auth.$context).internalAdapter
        .deleteUser(user.id)
        .catch((e) => ctx.logger.error({ err: e, userId: user.id }, 'could not undo a half-made sign-up'));
      throw err;
    }
    forwardCookies(result.headers, res);
    res.json({ user: await findSessionUser(ctx.db, user), visitor_id: res.locals.visitorId });
  },

  async signInEmail(req, res, ctx) {
    const { email, password } = req.body as { email: string; password: string };
    const result = await ctx.auth.api.signInEmail({ body: { email, password }, headers: fromNodeHeaders(req.headers), returnHeaders: true }).catch(authProblem);
    forwardCookies(result.headers, res);
    res.json({ user: await findSessionUser(ctx.db, result.response.user), visitor_id: res.locals.visitorId });
  },

  async signOut(req, res, ctx) {
    const headers = fromNodeHeaders(req.headers);
    if (await ctx.auth.api.getSession({ headers })) {
      const result = await ctx.auth.api.signOut({ headers, returnHeaders: true });
      // The old cookie must fail from now on, also where its user id was remembered.
      ctx.sessions.forgetAll();
      forwardCookies(result.headers, res);
    }
    res.status(204).end();
  },

  async getSession(req, res, ctx) {
    res.json({ user: await currentUser(req, ctx), visitor_id: res.locals.visitorId });
  },

  async createOrganization(req, res, ctx) {
    await requireUser(req, ctx);
    const { name, slug } = req.body as { name: string; slug?: string };
    const orgSlug = slug ?? slugify(name);
    const org = await ctx.auth.api.createOrganization({ body: { name, slug: orgSlug }, headers: fromNodeHeaders(req.headers) }).catch(async (err) => {
      // Two creations with one slug at the same time: both pass Better Auth's check and the later
      // insert fails on the unique slug; it is told the same as if it had come second.
      if (!(err as { body?: { code?: string } })?.body?.code?.startsWith('ORGANIZATION_') && (await slugTaken(ctx.db, orgSlug))) throw slugTakenProblem();
      return authProblem(err);
    });
    if (!org) throw new HttpProblem(400, 'organization_not_created', 'The organisation could not be created.');
    res.status(201).json({ uuid: org.id, name: org.name, slug: org.slug });
  },
};

function slugify(name: string) {
  const base = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return base || `org-${Date.now().toString(36)}`;
}
