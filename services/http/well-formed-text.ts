// Text PostgreSQL cannot store is refused at the edge: a NUL character (text and jsonb reject
// U+0000) or a lone UTF-16 surrogate (jsonb rejects "\ud800"), in the path, the query or
// anywhere in a JSON body, keys included. Without this such input reached the database and
// answered 500.
import type { RequestHandler } from 'express';
import { HttpProblem } from './problem.js';

const refusal = (where: string) =>
  new HttpProblem(400, 'invalid_character', `The ${where} contains a character that cannot be stored (U+0000 or half of a surrogate pair).`);

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const badText = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s);

/** Whether a parsed JSON value holds a string (value or key) that cannot be stored. */
export function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return badText(value);
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasUnstorableText(v, depth + 1));
  return Object.entries(value).some(([k, v]) => badText(k) || hasUnstorableText(v, depth + 1));
}

export function wellFormedText(): RequestHandler {
  return (req, _res, next) => {
    // A NUL reaches a URL only escaped; UTF-8 escapes cannot decode to a lone surrogate.
    const query = req.originalUrl.indexOf('?');
    const path = query < 0 ? req.originalUrl : req.originalUrl.slice(0, query);
    if (/%00/i.test(path)) return next(refusal('address'));
    if (query >= 0 && /%00/i.test(req.originalUrl.slice(query))) return next(refusal('query'));
    if (req.body !== undefined && hasUnstorableText(req.body)) return next(refusal('request body'));
    next();
  };
}
