import { describe, expect, test } from 'vitest';
import * as OTPAuth from 'otpauth';
import { withPercentSpaces } from './two-factor-routes.js';

describe('the otpauth URI shown as a QR code', () => {
  test('spells a space in the issuer as %20, so apps show the name as written', () => {
    const uri = 'otpauth://totp/Answer%20Engine:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Answer+Engine&digits=6&period=30';
    const fixed = withPercentSpaces(uri);
    expect(fixed).toBe('otpauth://totp/Answer%20Engine:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Answer%20Engine&digits=6&period=30');
    const parsed = OTPAuth.URI.parse(fixed);
    expect([parsed.issuer, parsed.label, (parsed as OTPAuth.TOTP).period]).toEqual(['Answer Engine', 'ada@example.com', 30]);
  });
});
