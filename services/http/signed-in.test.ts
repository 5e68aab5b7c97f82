import { expect, test } from 'vitest';
import type { Actor } from '../shared/actor.js';
import { DomainError } from '../shared/domain-error.js';
import { signedInOr } from './signed-in.js';

const actorOf = (userId: string | null) => ({ userId: async () => userId }) as Actor;
const signedIn = signedInOr(() => new DomainError('unauthenticated', 'login_required', 'Sign in first.'));

test("a signed-in caller's id; anyone else gets the domain's own refusal", async () => {
  expect(await signedIn(actorOf('ada'))).toBe('ada');
  await expect(signedIn(actorOf(null))).rejects.toMatchObject({ code: 'login_required', kind: 'unauthenticated' });
});
