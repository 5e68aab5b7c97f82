// Files in Chromium against the real server and the local bucket: upload a PDF and a DOCX to My
// Files and watch them reach Ready, ask a question answered from them with a page citation, open
// the citation at its page, download a file, delete one; and a Space reader finds the drop zone
// disabled.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleDocx, samplePdf } from '../fixtures/files';
import { signUpThroughApi, startE2E, verifyByMailedLink, type E2E } from './support';

let e2e: E2E;
let owner: Page;
let reader: Page;
let dataDir: string;
const stamp = Date.now();
const OWNER = { name: 'Fern Filer', email: `fern.files.${stamp}@example.com`, password: 'correct-horse-battery' };
const READER = { name: 'Reed Reader', email: `reed.files.${stamp}@example.com`, password: 'correct-horse-battery' };
const QUESTION = 'how are varroa mites treated?';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'e2e-files-'));
  e2e = await startE2E({ env: { DATA_DIR: dataDir } });
  owner = await e2e.page();
  reader = await e2e.page();
});
afterAll(async () => {
  await e2e?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const completed = (page: Page) => page.getByRole('list', { name: 'Completed files' });

describe('Files', () => {
  it('uploads a PDF and a DOCX to My Files and watches them reach Ready', async () => {
    await owner.goto('/');
    await signUpThroughApi(owner, OWNER);
    // Signing up is not what this file is about (auth.test.ts is): the call, then the app reads the session.
    await owner.reload();
    await owner.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Imports' }).click();
    await owner.getByRole('heading', { level: 1, name: 'My Files' }).waitFor();
    await owner.getByRole('button', { name: 'Add files' }).click();
    await owner.getByRole('menuitem', { name: 'Local files' }).click();
    const modal = owner.getByRole('dialog', { name: 'Upload files' });
    await modal.getByText('Drop your files here.').waitFor();
    await modal.getByLabel('Choose files to upload').setInputFiles([
      {
        name: 'bees.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from(
          await samplePdf([{ text: 'Introduction to beekeeping.' }, { text: 'Varroa mites are treated with oxalic acid in winter.' }], {
            title: 'Bee Handbook',
          }),
        ),
      },
      {
        name: 'report.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: Buffer.from(await sampleDocx(['Quarterly report.', 'The lighthouse budget grew by twelve percent.'])),
      },
    ]);
    await modal.getByRole('list', { name: 'Chosen files' }).getByText('bees.pdf').waitFor();
    await modal.getByRole('button', { name: 'Upload', exact: true }).click();
    // Parsing runs niced in the worker pool and the list polls every 5 s (seed 001 §9): on a loaded
    // 2-core CI machine both files took over 20 s to reach Ready, so the flow waits a minute.
    await owner.getByText('Ready to search').waitFor({ timeout: 60_000 });
    await owner.getByText('2 files synced').waitFor();
    await modal.getByRole('button', { name: 'Done' }).click();
    for (const name of ['bees.pdf', 'report.docx']) await completed(owner).getByRole('listitem', { name }).getByText('Ready').waitFor({ timeout: 30_000 });
  }, 120_000);

  it('answers from the files with a page citation that opens the file at its page', async () => {
    await owner.goto('/');
    await owner.getByLabel('Ask anything').fill(QUESTION);
    await owner.keyboard.press('Enter');
    const entry = owner.getByRole('article', { name: QUESTION });
    await entry.getByRole('button', { name: 'Rewrite' }).waitFor({ timeout: 20_000 });
    const card = entry.getByRole('list', { name: 'Sources' }).getByRole('link').filter({ hasText: 'My Files · p. 2' });
    await card.waitFor();
    expect(await card.getAttribute('href')).toMatch(/^\/files\/[0-9a-f-]{36}\?page=2$/);
    // Opened with Enter on the focused link: in one clean-clone CI run a mouse click on the card
    // opened no tab within 10 s, which I could not reproduce; Enter does not depend on where the
    // card is drawn at that moment.
    const [viewer] = await Promise.all([owner.context().waitForEvent('page'), card.press('Enter')]);
    await viewer.getByText('Varroa mites are treated with oxalic acid in winter.').waitFor();
    await viewer.getByText('bees.pdf').first().waitFor();
    await viewer.close();
  });

  it('downloads a file through a short-lived address and deletes the other', async () => {
    await owner.goto('/account/files');
    const row = completed(owner).getByRole('listitem', { name: 'bees.pdf' });
    const request = owner.context().waitForEvent('request', (r) => r.url().includes('/storage/local/'));
    await row.getByRole('button', { name: 'Download bees.pdf' }).click();
    const address = (await request).url();
    expect(address).toContain('signature=');
    const got = await owner.request.get(address);
    expect(got.status()).toBe(200);
    expect((await got.body()).subarray(0, 5).toString()).toBe('%PDF-');

    await completed(owner).getByRole('button', { name: 'Delete report.docx' }).click();
    // The row leaves at once (optimistic); the reload waits for the server's answer, which it would otherwise cancel.
    const deleted = owner.waitForResponse((r) => r.url().includes('/rest/file-repository/delete-files'));
    await owner.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await completed(owner).getByRole('listitem', { name: 'report.docx' }).waitFor({ state: 'detached' });
    expect((await deleted).status()).toBe(200);
    await owner.reload();
    await completed(owner).getByRole('listitem', { name: 'bees.pdf' }).waitFor();
    expect(await completed(owner).getByRole('listitem', { name: 'report.docx' }).count()).toBe(0);
  });

  it('a Space reader sees the drop zone disabled', async () => {
    const space = await (await owner.request.post('/rest/collections/create_collection', { data: { title: 'Hive records' } })).json();
    expect((await owner.request.post(`/rest/collections/${space.uuid}/members`, { data: { email: READER.email, role: 'READER' } })).status()).toBe(200);
    await reader.goto('/');
    await signUpThroughApi(reader, READER);
    await verifyByMailedLink(reader, READER.email);
    expect((await reader.request.post(`/rest/collections/${space.uuid}/members/accept`, { data: {} })).status()).toBe(200);
    await reader.goto(`/spaces/${space.slug}?showUploadModal`);
    const modal = reader.getByRole('dialog', { name: 'Upload files to a Space' });
    await modal.getByText('Drop zone disabled').waitFor();
    expect(await modal.getByRole('button', { name: 'Upload', exact: true }).isDisabled()).toBe(true);
  });
});
