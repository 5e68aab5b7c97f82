// Sealing with the server's secret (AUTH_SECRET or the one kept with the data): Better Auth's
// authenticated symmetric encryption, keyed per purpose so a sealed value of one kind is never
// accepted as another (a flow cookie cannot be passed off as a client secret).
import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import type { SecretBox } from './context.js';

export function secretBox(serverSecret: string): SecretBox {
  const key = (purpose: string) => `${purpose}:${serverSecret}`;
  return {
    seal: (purpose, plain) => symmetricEncrypt({ key: key(purpose), data: plain }),
    open: async (purpose, sealed) => {
      const plain = await symmetricDecrypt({ key: key(purpose), data: sealed });
      if (typeof plain !== 'string' || !plain) throw new Error('sealed value could not be opened');
      return plain;
    },
  };
}
