// The identifier of an upsell as served to one caller: a keyed hash of who and which, so only
// the caller it was served to can send it back (a person cannot mark another's instance), and
// the server keeps nothing to serve it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type UpsellSubject, subjectKey } from './events.js';

export function instanceIdentifier(secret: string, subject: UpsellSubject, upsellName: string): string {
  const mac = createHmac('sha256', secret)
    .update(`upsell-instance\0${subjectKey(subject)}\0${upsellName}`)
    .digest('base64url');
  return `${upsellName}.${mac.slice(0, 32)}`;
}

export function isInstanceOf(secret: string, subject: UpsellSubject, upsellName: string, identifier: string): boolean {
  const expected = Buffer.from(instanceIdentifier(secret, subject, upsellName));
  const given = Buffer.from(identifier);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
