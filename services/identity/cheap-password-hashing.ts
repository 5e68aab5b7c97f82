// Password hashes for test servers only (config TEST_CHEAP_PASSWORD_HASHES, refused unless
// NODE_ENV=test): the same scrypt and `salt:key` form as Better Auth's default, at a sixty-fourth of
// its work (N 1,024 and r 8, not N 16,384 and r 16). The default costs about 0.19 s of CPU a
// sign-up or sign-in on this machine, and a test run signs up thousands of people. Everywhere else
// Better Auth hashes with its default, untouched.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const PARAMS = { N: 1024, r: 8, p: 1 } as const;
const KEY_BYTES = 64;

const keyOf = (password: string, salt: string) =>
  new Promise<Buffer>((resolve, reject) => scrypt(password.normalize('NFKC'), salt, KEY_BYTES, PARAMS, (err, key) => (err ? reject(err) : resolve(key))));

export const cheapPasswordHashing = {
  hash: async (password: string) => {
    const salt = randomBytes(16).toString('hex');
    return `${salt}:${(await keyOf(password, salt)).toString('hex')}`;
  },
  verify: async ({ hash, password }: { hash: string; password: string }) => {
    const [salt, key] = hash.split(':');
    if (!salt || !key) return false;
    const expected = Buffer.from(key, 'hex');
    const actual = await keyOf(password, salt);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};
