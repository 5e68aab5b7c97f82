// Sign-in is rate limited per account (its email, from any address) and per client address
// (across emails), so passwords cannot be guessed at speed from one place or from many.
// Sign-up is limited per address. Counters are in memory: per instance (see README).
import type { RequestHandler } from 'express';
import { rateLimit, ipKeyGenerator } from 'express-rate-limit';
import { problemBody } from './problem.js';

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

/** `limit` attempts per account and three times that per address, each per 15 minutes. */
export function signInLimiters(limit: number): RequestHandler[] {
  return [
    limiter(FIFTEEN_MINUTES, limit * 3, SIGN_IN_DETAIL, (req) => `ip|${ipKeyGenerator(req.ip ?? '')}`),
    limiter(
      FIFTEEN_MINUTES,
      limit,
      SIGN_IN_DETAIL,
      (req) =>
        `account|${String(req.body?.email ?? '')
          .trim()
          .toLowerCase()}`,
    ),
  ];
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

export function signUpLimiters(limit: number): RequestHandler[] {
  return [limiter(60 * 60 * 1000, limit * 2, 'Too many accounts created from here. Try again later.')];
}
