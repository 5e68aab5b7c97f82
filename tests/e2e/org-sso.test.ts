// Organisation single sign-on in the browser: an owner claims the organisation's domain, sees the
// TXT record to publish, verifies it (the test-only SSO_TEST_DNS_FILE stands in for DNS), names
// the provider (oidc-provider on 127.0.0.1, allowed by SSO_ALLOW_PRIVATE_ISSUERS); then a new
// person types their work address on /auth/sso, signs in at the provider and lands in the
// organisation as a member.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OIDC_CLIENT, startOidcProvider } from '../fakes/oidc';
import { freePort } from '../support/ports';
import { signUpThroughApi, startE2E, verifyByMailedLink, type E2E } from './support';

const stamp = Date.now();
const domain = `acme-${stamp}.test`;
const dnsFile = join(mkdtempSync(join(tmpdir(), 'e2e-sso-dns-')), 'txt.json');
const olga = { name: 'Olga Owner', email: `olga@${domain}`, password: 'a-good-long-password' };
const nina = { sub: `nina-${stamp}`, email: `nina@${domain}`, email_verified: true, name: 'Nina Newcomer', password: 'nina-idp-pass' };

let e2e: E2E;
let owner: Page;
let newcomer: Page;
let provider: Awaited<ReturnType<typeof startOidcProvider>>;
beforeAll(async () => {
  const port = await freePort();
  provider = await startOidcProvider({ redirectUris: [`http://127.0.0.1:${port}/api/auth/sso/callback`], users: [nina] });
  writeFileSync(dnsFile, '{}');
  e2e = await startE2E({ port, env: { SSO_ALLOW_PRIVATE_ISSUERS: 'true', SSO_TEST_DNS_FILE: dnsFile } });
  owner = await e2e.page();
  newcomer = await e2e.page();
});
afterAll(async () => {
  await e2e?.close();
  await provider?.close();
});

describe('single sign-on for a domain', () => {
  it('the owner claims the domain, verifies it by its TXT record and names the provider', async () => {
    await owner.goto('/');
    await signUpThroughApi(owner, olga);
    await verifyByMailedLink(owner, olga.email);
    await owner.goto('/account/org/details');
    await owner.getByLabel('Organization name').fill(`Acme ${stamp}`);
    await owner.getByRole('button', { name: 'Create organization' }).click();
    const section = owner.getByRole('region', { name: 'Single sign-on' });

    const claim = section.getByRole('form', { name: 'Email domain for single sign-on' });
    await claim.getByLabel('Email domain').fill('gmail.com');
    await claim.getByRole('button', { name: 'Claim domain' }).click();
    await section.getByRole('alert').filter({ hasText: 'gmail.com is a public mail service' }).waitFor();
    await claim.getByLabel('Email domain').fill(domain);
    await claim.getByRole('button', { name: 'Claim domain' }).click();

    await section.getByText(`_answer-sso.${domain}`).waitFor();
    await section.getByRole('button', { name: 'Verify' }).click();
    await section
      .getByRole('alert')
      .filter({ hasText: `The TXT record was not found at _answer-sso.${domain}` })
      .waitFor();
    const value = await section.locator('code', { hasText: 'answer-sso=' }).textContent();
    expect(value).toMatch(/^answer-sso=[\w-]+$/);
    writeFileSync(dnsFile, JSON.stringify({ [`_answer-sso.${domain}`]: [value] }));
    await section.getByRole('button', { name: 'Verify' }).click();
    await section.getByText(`${domain} is verified.`).waitFor();

    const idp = section.getByRole('form', { name: 'Identity provider' });
    await idp.getByLabel('Issuer').fill(provider.issuer);
    await idp.getByLabel('Client ID').fill(OIDC_CLIENT.id);
    await idp.getByLabel('Client secret').fill(OIDC_CLIENT.secret);
    await idp.getByRole('button', { name: 'Save and test' }).click();
    await section.getByText(`Single sign-on is on: people at ${domain} can sign in with SSO.`).waitFor();
    // The secret is kept, never shown again.
    await owner.reload();
    expect(await section.getByLabel('Client secret').inputValue()).toBe('');
    expect(await owner.content()).not.toContain(OIDC_CLIENT.secret);
  });

  it('a new person signs in through /auth/sso with their work address and lands in the organisation as a member', async () => {
    await newcomer.goto('/library');
    await newcomer.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Sign in' }).click();
    await newcomer.getByRole('dialog').getByRole('link', { name: 'Sign in with SSO' }).click();
    await newcomer.waitForURL((u) => u.pathname === '/auth/sso');
    await newcomer.getByLabel('Work email').fill('nobody@unknown-domain.test');
    await newcomer.getByRole('button', { name: 'Continue' }).click();
    await newcomer.getByRole('alert').filter({ hasText: 'Single sign-on is not set up for this email domain.' }).waitFor();
    await newcomer.getByLabel('Work email').fill(nina.email);
    await newcomer.getByRole('button', { name: 'Continue' }).click();

    await newcomer.waitForURL((u) => u.origin === provider.issuer);
    await newcomer.getByLabel('Provider email').fill(nina.email);
    await newcomer.getByLabel('Provider password').fill(nina.password);
    await newcomer.getByRole('button', { name: 'Continue' }).click();

    await newcomer.waitForURL((u) => u.origin === e2e.url && u.pathname === '/');
    await newcomer.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Sign out' }).waitFor();
    await newcomer.goto('/account/org/details');
    await newcomer.getByText('Only owners and admins change these.').waitFor();
    expect(await newcomer.getByRole('textbox', { name: 'Name' }).inputValue()).toBe(`Acme ${stamp}`);
    // Members do not see the single sign-on settings.
    expect(await newcomer.getByRole('region', { name: 'Single sign-on' }).count()).toBe(0);

    await owner.goto('/account/org/members');
    await owner.getByRole('list', { name: 'Members' }).getByText(nina.email).waitFor();
    expect(await owner.getByLabel(`Role of ${nina.name}`).inputValue()).toBe('member');
  });
});
