// Tokens, PKCE verifiers and client secrets at rest: sealed with AES-256-GCM under a key derived
// from the app's secret, bound to their person and server (the additional data), so a sealed value
// copied to another person's stream or server does not open. The event log holds only these.
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

export type Sealer = {
  seal(userId: string, serverId: string, value: unknown): string;
  open<T>(userId: string, serverId: string, sealed: string): T;
};

export function createSealer(appSecret: string | Buffer): Sealer {
  const key = createHmac('sha256', appSecret).update('mcp-credentials').digest();
  const aad = (userId: string, serverId: string) => Buffer.from(`mcp:${userId}:${serverId}`);
  return {
    seal(userId, serverId, value) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(userId, serverId));
      const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
    },
    open(userId, serverId, sealed) {
      const [version, iv, body, tag] = sealed.split('.');
      if (version !== 'v1' || !iv || body === undefined || !tag) throw new Error('sealed MCP credentials in an unknown format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: 16 });
      decipher.setAAD(aad(userId, serverId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return JSON.parse(Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8'));
    },
  };
}
