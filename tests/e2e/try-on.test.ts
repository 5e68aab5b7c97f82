// The try-on avatar in Chromium against the real server and the image provider's fake: from
// /account/details, "Your avatar photo" → create an avatar from an uploaded selfie with the default
// body → confirm it (the seed's toast), then see it in avatar management and delete it after the
// confirmation; and a selfie taken with the (fake) front camera, sent as selfie.jpg.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startImageProviderFake } from '../fakes/image-provider';
import { signUpThroughApi, startE2E, type E2E } from './support';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let e2e: E2E;
let page: Page;
let provider: Awaited<ReturnType<typeof startImageProviderFake>>;
beforeAll(async () => {
  provider = await startImageProviderFake();
  // Chromium's fake camera: a moving test pattern, the permission granted without asking.
  e2e = await startE2E({ env: provider.env(), chromiumArgs: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] });
  page = await e2e.page();
  await page.goto('/');
  await signUpThroughApi(page, { name: 'Tia', email: `tia-${Date.now()}@example.com` });
});
afterAll(async () => {
  await e2e?.close();
  await provider?.close();
});

describe('the try-on avatar', () => {
  it('is made from an uploaded selfie with the default body, confirmed, shown and deleted', async () => {
    await page.goto('/account/details');
    await page.getByRole('button', { name: 'Your avatar photo' }).click();
    const management = page.getByRole('dialog', { name: 'Your avatar photo' });
    await management.getByText('You have no avatar yet.').waitFor();
    await management.getByRole('button', { name: 'Create your avatar' }).click();

    const onboarding = page.getByRole('dialog', { name: 'Try on clothes with your avatar' });
    await onboarding.getByRole('button', { name: 'Create your avatar' }).click();
    await page
      .getByRole('dialog', { name: 'Create your avatar' })
      .getByLabel('Upload a selfie')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    const choose = page.getByRole('dialog', { name: 'Choose a body' });
    await choose.getByRole('button', { name: 'Use a default body' }).click();
    const confirm = page.getByRole('dialog', { name: 'Your avatar' });
    await confirm.getByRole('img', { name: 'Your new avatar' }).waitFor();
    expect(provider.requests.at(-1)!.images.map((i) => i.bytes.equals(PNG))).toEqual([true]);
    await confirm.getByRole('button', { name: 'Save avatar' }).click();
    await page.getByText('Avatar updated successfully!').waitFor();
    await confirm.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Your avatar photo' }).click();
    const avatar = management.getByRole('img', { name: 'Your avatar' });
    await avatar.waitFor();
    // The image is served to its owner and really is one.
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await management.getByRole('button', { name: 'Delete avatar' }).click();
    const sure = page.getByRole('alertdialog', { name: 'Delete your avatar?' });
    await sure.getByRole('button', { name: 'Delete' }).click();
    await management.getByText('You have no avatar yet.').waitFor();
    expect(await page.evaluate(async () => (await (await fetch('/rest/shopping/try-on-photo/get')).json()).try_on_photo_url)).toBeNull();
  });

  it('takes the selfie with the front camera: a JPEG named selfie.jpg', async () => {
    const asked = provider.requests.length;
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/rest/uploads/create_upload_url') uploads.push(r.postData() ?? '');
    });
    await page.goto('/account/details');
    await page.getByRole('button', { name: 'Your avatar photo' }).click();
    await page.getByRole('dialog', { name: 'Your avatar photo' }).getByRole('button', { name: 'Create your avatar' }).click();
    await page.getByRole('dialog', { name: 'Try on clothes with your avatar' }).getByRole('button', { name: 'Create your avatar' }).click();
    const create = page.getByRole('dialog', { name: 'Create your avatar' });
    await create.getByRole('button', { name: 'Take a Selfie' }).click();
    await create.getByRole('button', { name: 'Take photo' }).click();
    await create.getByRole('img', { name: 'Your selfie' }).waitFor();
    await create.getByRole('button', { name: 'Use photo' }).click();
    await page.getByRole('dialog', { name: 'Choose a body' }).getByRole('button', { name: 'Use a default body' }).click();
    await page.getByRole('dialog', { name: 'Your avatar' }).getByRole('img', { name: 'Your new avatar' }).waitFor();
    expect(JSON.parse(uploads.at(-1)!)).toMatchObject({ filename: 'selfie.jpg', content_type: 'image/jpeg', force_image: true });
    expect(provider.requests.slice(asked).map((r) => r.images.map((i) => i.type))).toEqual([['image/jpeg']]);
  });
});
