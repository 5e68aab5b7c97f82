// An authenticator app for tests: reads the otpauth URI the server shows as a QR code and makes
// the codes the app would show, with otpauth (a TOTP library apart from the server's).
import * as OTPAuth from 'otpauth';

export function authenticatorFor(totpUri: string) {
  const totp = OTPAuth.URI.parse(totpUri);
  if (!(totp instanceof OTPAuth.TOTP)) throw new Error(`not a TOTP URI: ${totpUri}`);
  return {
    /** The code shown now. */
    code: () => totp.generate(),
    /** A code of another window, far from now (not accepted). */
    staleCode: () => totp.generate({ timestamp: Date.now() - 10 * 60_000 }),
    secret: totp.secret.base32,
    issuer: totp.issuer,
    label: totp.label,
  };
}
