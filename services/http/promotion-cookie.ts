// The promotion cookie (seed 002 §7: "Promotion cookie attribution expires after 90 days"): a
// page opened with `?promotion=` or `?ref=` keeps that code in an httpOnly cookie for 90 days, and
// the lead events of services/attribution carry it. Only a short code of letters, digits, `-`
// and `_` is kept; anything else is ignored.
import type { RequestHandler } from 'express';
import { parseCookie as parseCookies, stringifySetCookie } from 'cookie';
import type { RequestHeaders } from '../shared/actor.js';

export const PROMOTION_COOKIE = 'promotion';
export const PROMOTION_MAX_AGE_SECONDS = 90 * 24 * 3600;
const CODE = /^[A-Za-z0-9_-]{1,64}$/;

/** The promotion a landing URL names (`promotion` first, then `ref`), or null. */
export function promotionOfQuery(query: URLSearchParams): string | null {
  for (const name of ['promotion', 'ref']) {
    const v = query.get(name);
    if (v !== null && CODE.test(v)) return v;
  }
  return null;
}

/** The promotion kept in a request's cookie, or null. */
export function promotionOf(headers: RequestHeaders): string | null {
  const raw = headers.cookie;
  const v = parseCookies(typeof raw === 'string' ? raw : '')[PROMOTION_COOKIE];
  return v && CODE.test(v) ? v : null;
}

export const promotionSetCookie = (code: string, secure: boolean) =>
  stringifySetCookie({ name: PROMOTION_COOKIE, value: code, httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: PROMOTION_MAX_AGE_SECONDS });

/** Pages (not API calls) opened with a promotion code set the cookie; a later landing's code replaces it. */
export function promotionCookie(secure: boolean, isApiPath: (path: string) => boolean): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'GET' && !isApiPath(req.path)) {
      const at = req.originalUrl.indexOf('?');
      const code = at < 0 ? null : promotionOfQuery(new URLSearchParams(req.originalUrl.slice(at + 1)));
      if (code) res.append('set-cookie', promotionSetCookie(code, secure));
    }
    next();
  };
}
