// A person signing in with the test OpenID provider (tests/fakes/oidc.ts), as a browser would: the
// app's start call, the provider's login page, the redirects back, the app's callback.
import { expect } from 'vitest';
import { Browser, type Sent } from './http.js';

const isRedirect = (r: Sent) => r.status >= 300 && r.status < 400;

/** The app's final answer to the callback (a redirect): where it sends the browser. */
export async function signInWithProvider(app: Browser, issuer: string, login: { email: string; password: string }, callbackPath = '/') {
  const start = await app.post('/api/auth/sign-in/social', { provider: 'oidc', callback_path: callbackPath });
  expect(start.status, start.text).toBe(200);
  return followProvider(app, issuer, start.json.url, login);
}

/** From the provider's authorization address the app gave: its login page, the redirects back, the app's callback. */
export async function followProvider(app: Browser, issuer: string, authorizationUrl: string, login: { email: string; password: string }) {
  const idp = new Browser(issuer);
  let at = new URL(authorizationUrl);
  expect(at.origin).toBe(issuer);
  let res = await idp.get(at.pathname + at.search);
  for (let hops = 0; hops < 10; hops++) {
    if (res.status === 200 && res.text.includes('Sign in to the test provider')) {
      const action = /action="([^"]+)"/.exec(res.text)![1];
      res = await idp.send('POST', action, {
        body: new URLSearchParams(login).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      if (res.status === 200) return { providerRefused: res.text.includes('Wrong email or password.'), location: null };
      continue;
    }
    expect(isRedirect(res), `${res.status} ${res.text.slice(0, 300)}`).toBe(true);
    at = new URL(res.headers.get('location')!, at);
    if (at.origin !== issuer) break;
    res = await idp.get(at.pathname + at.search);
  }
  expect(at.origin).toBe(new URL(app.baseUrl).origin);
  const callback = await app.get(at.pathname + at.search);
  expect(callback.status, callback.text).toBe(302);
  return { providerRefused: false, location: new URL(callback.headers.get('location')!, app.baseUrl) };
}
