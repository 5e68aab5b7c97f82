// The providers' tokens at rest: sealed with AES-256-GCM under the connectors' key, bound to their
// connection (the connection's uuid and the token's kind are the additional data, so a sealed token
// copied to another connection or passed off as another kind does not open). Each sealed value
// names its key by a short id, so after a rotation (docs/connectors.md) the old keys still open
// what they sealed while every new token is sealed with the new key.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What a sealed value is: a token, or an OAuth attempt's PKCE verifier. */
export type TokenKind = 'access' | 'refresh' | 'verifier';

export type TokenBox = {
  seal(connectionUuid: string, kind: TokenKind, token: string): string;
  open(connectionUuid: string, kind: TokenKind, sealed: string): string;
  /** Whether a sealed value is under an old key (to be sealed again with the current one). */
  isStale(sealed: string): boolean;
};

const VERSION = 'v1';
const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);
const b64 = (b: Buffer) => b.toString('base64url');
/** Base64url read strictly: a part whose spare bits were changed (so it decodes to the same bytes) is refused. */
function fromB64(part: string): Buffer {
  const bytes = Buffer.from(part, 'base64url');
  if (b64(bytes) !== part) throw new Error('a sealed token could not be opened (altered encoding)');
  return bytes;
}

export function createTokenBox(current: Buffer, old: Buffer[] = []): TokenBox {
  if (current.length !== 32) throw new Error('the connectors token key must be 32 bytes');
  const currentId = keyId(current);
  const keys = new Map([[currentId, current], ...old.map((k) => [keyId(k), k] as const)]);
  const aad = (connectionUuid: string, kind: TokenKind) => Buffer.from(`connector-token:${kind}:${connectionUuid}`);
  return {
    seal(connectionUuid, kind, token) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      cipher.setAAD(aad(connectionUuid, kind));
      const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
      return [VERSION, currentId, b64(iv), b64(body), b64(cipher.getAuthTag())].join('.');
    },
    open(connectionUuid, kind, sealed) {
      const [version, id, iv, body, tag] = sealed.split('.');
      const key = id ? keys.get(id) : undefined;
      if (version !== VERSION || !key || !iv || body === undefined || !tag) throw new Error('a sealed token could not be opened (unknown key or format)');
      const decipher = createDecipheriv('aes-256-gcm', key, fromB64(iv));
      decipher.setAAD(aad(connectionUuid, kind));
      decipher.setAuthTag(fromB64(tag));
      return Buffer.concat([decipher.update(fromB64(body)), decipher.final()]).toString('utf8');
    },
    isStale: (sealed) => sealed.split('.')[1] !== currentId,
  };
}

/** The key from configuration, or one made once and kept with the data (mode 0600), so tokens survive restarts. */
export function tokenKeyOf(configured: Buffer | null, dataDir: string): Buffer {
  if (configured) return configured;
  const file = join(dataDir, 'connector-token-key');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  const key = randomBytes(32);
  try {
    writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Another instance on the same data directory made it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    throw err;
  }
  return key;
}
