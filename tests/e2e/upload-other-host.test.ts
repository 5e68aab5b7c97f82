// Uploads from whichever host name the app was opened on: PUBLIC_URL left at its default
// (http://localhost:PORT) while the browser opens http://127.0.0.1:PORT, as a new user does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughApi, startE2E, type E2E } from './support';

let e2e: E2E;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'e2e-upload-host-'));
  // An empty PUBLIC_URL counts as unset: the default, localhost on the server's port.
  e2e = await startE2E({ env: { DATA_DIR: dataDir, PUBLIC_URL: '' } });
});
afterAll(async () => {
  await e2e?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('uploads on another host name than PUBLIC_URL', () => {
  it('signs up and uploads a file on 127.0.0.1 while PUBLIC_URL is localhost', { timeout: 60_000 }, async () => {
    expect(new URL(e2e.url).hostname).toBe('127.0.0.1');
    const page = await e2e.page();
    await page.goto('/');
    await signUpThroughApi(page, { name: 'Ida Host', email: `ida.host.${Date.now()}@example.com`, password: 'correct-horse-battery' });
    // Signing up is not what this file is about (auth.test.ts is): the call, then the app reads the session.
    await page.reload();
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Imports' }).click();
    await page.getByRole('button', { name: 'Add files' }).click();
    await page.getByRole('menuitem', { name: 'Local files' }).click();
    const modal = page.getByRole('dialog', { name: 'Upload files' });
    await modal
      .getByLabel('Choose files to upload')
      .setInputFiles([{ name: 'hosts.txt', mimeType: 'text/plain', buffer: Buffer.from('Any host name works.') }]);
    await modal.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('1 file synced').waitFor({ timeout: 20_000 });
    expect(await modal.getByRole('list', { name: 'Chosen files' }).textContent()).toContain('Indexed');
  });
});
