// The Microsoft pickers' token rules (seed 001 §4, §8): one interactive login at a time, a token
// acquisition given up after 20 s with 'Request timed out', any other failure 'Access token not acquired'.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MICROSOFT_TOKEN_TIMEOUT_MS, MicrosoftTokenError, microsoftLogin, throughLogin } from './microsoft-login';

afterEach(() => vi.useRealTimers());

describe('the Microsoft login rules', () => {
  it('a second ask while a login is under way waits for that one; the next one after it is a new login', async () => {
    let finish: (token: string) => void = () => {};
    const acquire = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const first = microsoftLogin(acquire);
    const second = microsoftLogin(acquire);
    finish('token-1');
    await expect(Promise.all([first, second])).resolves.toEqual(['token-1', 'token-1']);
    expect(acquire).toHaveBeenCalledOnce();
    await expect(microsoftLogin(async () => 'token-2')).resolves.toBe('token-2');
  });

  it("gives up after 20 s with 'Request timed out', and lets the next login start", async () => {
    vi.useFakeTimers();
    const never = microsoftLogin(() => new Promise<string>(() => {}));
    const caught = never.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(MICROSOFT_TOKEN_TIMEOUT_MS - 1);
    const before = await Promise.race([caught, Promise.resolve('still waiting')]);
    expect(before).toBe('still waiting');
    await vi.advanceTimersByTimeAsync(1);
    const err = await caught;
    expect(err).toBeInstanceOf(MicrosoftTokenError);
    expect((err as Error).message).toBe('Request timed out');
    vi.useRealTimers();
    await expect(microsoftLogin(async () => 'next')).resolves.toBe('next');
  });

  it("a failed acquisition is 'Access token not acquired', keeping what the call said", async () => {
    const reason = new Error('the server said no');
    const err = await microsoftLogin(() => Promise.reject(reason)).catch((e: unknown) => e);
    expect(err).toMatchObject({ message: 'Access token not acquired', cause: reason });
  });

  it('other connectors are not held by a Microsoft login', async () => {
    let finish: () => void = () => {};
    const held = microsoftLogin(() => new Promise<void>((resolve) => (finish = resolve)));
    await expect(throughLogin('dropbox', async () => 'dropbox page')).resolves.toBe('dropbox page');
    const onedrive = vi.fn(async () => 'onedrive page');
    const waiting = throughLogin('onedrive', onedrive);
    finish();
    await held;
    await waiting;
    expect(onedrive).not.toHaveBeenCalled();
  });
});
