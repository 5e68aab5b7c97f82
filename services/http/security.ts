// Edge protections that hold for every route: the visitor id cookie and the refusal of
// state-changing requests sent from another site.
import type { RequestHandler } from 'express';
import { parseCookie as parseCookies, stringifySetCookie } from 'cookie';
import { randomUUID } from 'node:crypto';
import { problemBody } from './problem.js';

export const VISITOR_COOKIE = 'visitor_id';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const FOUR_HUNDRED_DAYS_MS = 400 * 24 * 3600 * 1000;

declare module 'express-serve-static-core' {
  interface Locals {
    visitorId: string;
  }
}

export function visitorCookie(secure: boolean): RequestHandler {
  return (req, res, next) => {
    const existing = parseCookies(req.headers.cookie ?? '')[VISITOR_COOKIE];
    const id = existing && UUID.test(existing) ? existing : randomUUID();
    if (id !== existing) res.append('set-cookie', visitorSetCookie(id, secure));
    res.locals.visitorId = id;
    next();
  };
}

/** The Set-Cookie header of a visitor id (httpOnly, for 400 days). */
export const visitorSetCookie = (id: string, secure: boolean) =>
  stringifySetCookie({ name: VISITOR_COOKIE, value: id, httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: FOUR_HUNDRED_DAYS_MS / 1000 });

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Trusted: PUBLIC_URL's origin and TRUSTED_ORIGINS (config.ts), nothing else. Request headers
 * (Host, X-Forwarded-Host) are the client's to choose, so they never make an origin trusted.
 */
export function sameOriginWrites(trustedOrigins: string[]): RequestHandler {
  const trusted = new Set(trustedOrigins);
  return (req, res, next) => {
    if (SAFE.has(req.method)) return next();
    const origin = req.headers.origin;
    const foreign = origin ? !trusted.has(origin) : req.headers['sec-fetch-site'] === 'cross-site';
    if (!foreign) return next();
    res
      .status(403)
      .type('application/problem+json')
      .send(JSON.stringify(problemBody(403, 'foreign_origin', 'Requests from other sites are not accepted.')));
  };
}
