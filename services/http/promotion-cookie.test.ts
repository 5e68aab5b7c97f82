import { describe, expect, test } from 'vitest';
import { promotionOf, promotionOfQuery, promotionSetCookie } from './promotion-cookie.js';

describe('the promotion cookie (seed 002 §7: 90 days)', () => {
  test('a landing names its promotion by ?promotion= or else ?ref=', () => {
    expect(promotionOfQuery(new URLSearchParams('promotion=SPRING&ref=x'))).toBe('SPRING');
    expect(promotionOfQuery(new URLSearchParams('ref=partner_1'))).toBe('partner_1');
    expect(promotionOfQuery(new URLSearchParams('q=1'))).toBeNull();
  });

  test('anything but a short code of letters, digits, - and _ is ignored', () => {
    expect(promotionOfQuery(new URLSearchParams('promotion=a%3Bb'))).toBeNull();
    expect(promotionOfQuery(new URLSearchParams(`ref=${'a'.repeat(65)}`))).toBeNull();
    expect(promotionOf({ cookie: 'promotion=%3Cscript%3E' })).toBeNull();
  });

  test('kept httpOnly, same-site lax, for 90 days, secure on https', () => {
    const header = promotionSetCookie('SPRING', true);
    expect(header).toContain('promotion=SPRING');
    expect(header).toContain(`Max-Age=${90 * 24 * 3600}`);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).toContain('Secure');
    expect(promotionSetCookie('SPRING', false)).not.toContain('Secure');
    expect(promotionOf({ cookie: 'visitor_id=x; promotion=SPRING' })).toBe('SPRING');
  });
});
