// Places in the browser (issue 36), against the real server, the Nominatim fake and the tile fake:
// what only a browser shows. A question about places shows the map drawn by Leaflet with tiles
// loaded from the configured tile server, a place card opens the place modal, and Escape closes it.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTileFake } from '../fakes/map-tiles';
import { startNominatimFake } from '../fakes/nominatim';
import { signUpThroughApi, startE2E, type E2E } from './support';

let e2e: E2E;
let page: Page;
let geocoder: Awaited<ReturnType<typeof startNominatimFake>>;
let tiles: Awaited<ReturnType<typeof startTileFake>>;

beforeAll(async () => {
  [geocoder, tiles] = await Promise.all([startNominatimFake(), startTileFake()]);
  e2e = await startE2E({
    env: { GEOCODER_URL: geocoder.url, GEOCODER_MIN_INTERVAL_MS: '0', MAP_TILE_URL: tiles.template, MAP_TILE_ATTRIBUTION: 'Test tiles' },
  });
  page = await e2e.page();
}, 180_000);
afterAll(async () => {
  await e2e?.close();
  await Promise.all([geocoder?.close(), tiles?.close()]);
});

test('the map shows tiles from the tile server; a card opens the place; Escape closes it', { timeout: 90_000 }, async () => {
  await page.goto('/');
  await signUpThroughApi(page, { name: 'Paula Places', email: `paula-${Date.now()}@example.com` });
  await page.goto('/');
  const question = 'coffee near Alexanderplatz';
  await page.getByLabel('Ask anything').fill(question);
  await page.keyboard.press('Enter');
  const places = page.getByRole('article', { name: question }).getByRole('region', { name: 'Places' });
  await places.getByTestId('places-map').waitFor({ timeout: 30_000 });

  // Leaflet's tiles are images from the fake tile server, loaded (a decoded PNG has a width).
  const tile = places.locator(`img.leaflet-tile[src^="${tiles.url}/"]`).first();
  await tile.waitFor({ timeout: 15_000 });
  await expect.poll(() => tile.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
  expect(tiles.tiles.length).toBeGreaterThan(0);
  expect(await places.getByText('Test tiles').count()).toBe(1);
  // One pin a place.
  expect(await places.locator('path.leaflet-interactive').count()).toBe(2);

  await places.getByRole('button', { name: /^Bohnen Bar, Café/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Bohnen Bar' });
  await dialog.waitFor();
  expect(await dialog.getByRole('link', { name: /bohnen\.example/ }).getAttribute('href')).toBe('https://bohnen.example/');
  await dialog.locator(`img.leaflet-tile[src^="${tiles.url}/"]`).first().waitFor({ timeout: 15_000 });
  // The booking modal over the place modal, over the answer's map: Leaflet's panes carry z-indexes
  // up to 1000, yet where the map and the top dialog overlap, what is drawn is the dialog.
  await dialog.getByRole('button', { name: 'Book a table' }).click();
  const booking = page.getByRole('dialog', { name: 'Book a table' });
  await booking.waitFor();
  const onTop = await page.evaluate(() => {
    const dialogs = document.querySelectorAll('[role="dialog"]');
    const top = dialogs[dialogs.length - 1]!;
    const map = document.querySelector('article [data-testid="places-map"]')!;
    const [d, m] = [top.getBoundingClientRect(), map.getBoundingClientRect()];
    const [left, right, y0, y1] = [Math.max(d.left, m.left), Math.min(d.right, m.right), Math.max(d.top, m.top), Math.min(d.bottom, m.bottom)];
    if (left >= right || y0 >= y1) return 'no overlap';
    // Leaflet's tiles take no pointer events, which hit-testing skips: made to, so the test sees what is painted on top.
    const style = document.createElement('style');
    style.textContent = '.leaflet-container * { pointer-events: auto !important; visibility: visible !important; }';
    document.head.append(style);
    const hit = document.elementFromPoint((left + right) / 2, (y0 + y1) / 2);
    style.remove();
    return top.contains(hit);
  });
  expect(onTop).toBe(true);
  await page.keyboard.press('Escape');
  await booking.waitFor({ state: 'detached' });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  expect(await page.getByRole('dialog').count()).toBe(0);
});
