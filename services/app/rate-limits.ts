// Sign-in and sign-up are rate limited per client address (and sign-in per address and email),
// so passwords cannot be guessed at speed.
import { rateLimit, ipKeyGenerator } from 'express-rate-limit';
import { problemBody } from './problem.js';

const tooMany = (detail: string) => JSON.stringify(problemBody(429, 'rate_limited', detail));

export function signInLimiter(limit: number) {
  return rateLimit({
    windowMs: 15 * 60 * 1000,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) => `${ipKeyGenerator(req.ip ?? '')}|${String(req.body?.email ?? '').toLowerCase()}`,
    handler: (_req, res) => res.status(429).type('application/problem+json').send(tooMany('Too many sign-in attempts. Wait a few minutes and try again.')),
  });
}

export function signUpLimiter(limit: number) {
  return rateLimit({
    windowMs: 60 * 60 * 1000,
    limit: limit * 2,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res) => res.status(429).type('application/problem+json').send(tooMany('Too many accounts created from here. Try again later.')),
  });
}
