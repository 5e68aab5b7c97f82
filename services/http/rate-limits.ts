// Sign-in is rate limited per client address (across emails) and guarded per account (its email)
// without letting strangers lock its owner out (shared/sign-in-guard.ts).
// Sign-up is limited per address. Counters are in memory: per instance (see README).
import type { RequestHandler } from 'express';
import { rateLimit, ipKeyGenerator } from 'express-rate-limit';
import { problemBody } from './problem.js';
import { createSignInGuard, type SignInGuard } from '../shared/sign-in-guard.js';

const tooMany = (detail: string) => JSON.stringify(problemBody(429, 'rate_limited', detail));
const FIFTEEN_MINUTES = 15 * 60 * 1000;
const SIGN_IN_DETAIL = 'Too many sign-in attempts. Wait a few minutes and try again.';

function limiter(windowMs: number, limit: number, detail: string, key?: (req: Parameters<RequestHandler>[0]) => string) {
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    ...(key ? { keyGenerator: key } : {}),
    handler: (_req, res) => res.status(429).type('application/problem+json').send(tooMany(detail)),
  });
}

/**
 * Sign-in: per client address, three times `limit` attempts per 15 minutes across accounts; per
 * account, the guard of shared/sign-in-guard.ts (that client refused after `limit` wrong
 * passwords, others slowed down, never refused).
 */
export function signInLimiters(limit: number, guard: SignInGuard = createSignInGuard(limit)): RequestHandler[] {
  return [limiter(FIFTEEN_MINUTES, limit * 3, SIGN_IN_DETAIL, (req) => `ip|${ipKeyGenerator(req.ip ?? '')}`), signInGuardHandler(guard)];
}

function signInGuardHandler(guard: SignInGuard): RequestHandler {
  return (req, res, next) => {
    const verdict = guard.attempt(String(req.body?.email ?? ''), ipKeyGenerator(req.ip ?? ''));
    if (verdict.kind === 'refuse') {
      res.status(429).setHeader('retry-after', String(verdict.retryAfterSeconds));
      res.type('application/problem+json').send(tooMany(SIGN_IN_DETAIL));
      return;
    }
    res.on('close', () => verdict.settle?.(res.statusCode === 401 ? 'failed' : res.statusCode === 200 ? 'succeeded' : 'other'));
    if (verdict.delayMs) setTimeout(next, verdict.delayMs);
    else next();
  };
}

/**
 * The steps of a sign-in that name no account (the second factor's code, a provider's start and
 * callback): per client address as sign-in is, three times `limit` per 15 minutes.
 */
export function signInStepLimiters(limit: number): RequestHandler[] {
  return [limiter(FIFTEEN_MINUTES, limit * 3, SIGN_IN_DETAIL, (req) => `ip|${ipKeyGenerator(req.ip ?? '')}`)];
}

/**
 * Mails about an account (verification, password reset), the links' tokens and password changes:
 * `limit` per hour per client address, so nobody floods an inbox or tries tokens or passwords at speed.
 */
export function accountLimiters(limit: number): RequestHandler[] {
  return [limiter(60 * 60 * 1000, limit, 'Too many account requests from here. Wait a while and try again.')];
}

/** Promo code checks: 30 per 15 minutes per client address, so codes cannot be guessed at speed. */
export function codeCheckLimiters(): RequestHandler[] {
  return [limiter(FIFTEEN_MINUTES, 30, 'Too many code checks from here. Wait a few minutes and try again.')];
}

/**
 * The assistant browser's download mail, open to visitors: `limit` mails per hour to one address
 * and three times that from one client address, so it cannot be used to flood an inbox.
 */
export function downloadMailLimiters(limit: number): RequestHandler[] {
  const detail = 'Too many download mails requested. Wait a while and try again.';
  return [
    limiter(60 * 60 * 1000, limit * 3, detail, (req) => `download-ip|${ipKeyGenerator(req.ip ?? '')}`),
    limiter(
      60 * 60 * 1000,
      limit,
      detail,
      (req) =>
        `download-to|${String(req.body?.input_email ?? '')
          .trim()
          .toLowerCase()}`,
    ),
  ];
}

/**
 * Bug reports, open to visitors: `limit` per 10 minutes per client address. Every request to the
 * path counts, one with a wrong hook too, so the hook cannot be guessed at speed either.
 */
export function bugReportLimiters(limit: number): RequestHandler[] {
  return [limiter(10 * 60 * 1000, limit, 'Too many bug reports from here. Wait a few minutes and try again.', (req) => `bug|${ipKeyGenerator(req.ip ?? '')}`)];
}

export function signUpLimiters(limit: number): RequestHandler[] {
  return [limiter(60 * 60 * 1000, limit * 2, 'Too many accounts created from here. Try again later.')];
}
