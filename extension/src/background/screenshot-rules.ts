// Screenshots (seed 003 §4, §9): refused on the browser's own pages except the new-tab page, and
// scaled to at most 1,150,000 pixels and 1,568 px a side.
import { SCREENSHOT_MAX_PIXELS, SCREENSHOT_MAX_SIDE_PX } from '../shared/limits';

const INTERNAL = /^(chrome|chrome-extension|chrome-search|chrome-untrusted|edge|brave|opera|vivaldi|about|devtools|view-source|chrome-devtools):/i;
const NEW_TAB = /^(chrome:\/\/newtab\/?|chrome:\/\/new-tab-page\/?|chrome-search:\/\/local-ntp\/.*|about:newtab|edge:\/\/newtab\/?)$/i;

export const isNewTabPage = (url: string) => NEW_TAB.test(url);

export function screenshotAllowed(url: string): boolean {
  return !INTERNAL.test(url) || isNewTabPage(url);
}

/** The scale that fits a viewport of width × height CSS px within the bounds, and the size it gives. */
export function screenshotScale(width: number, height: number): { scale: number; width: number; height: number } {
  const scale = Math.min(1, SCREENSHOT_MAX_SIDE_PX / width, SCREENSHOT_MAX_SIDE_PX / height, Math.sqrt(SCREENSHOT_MAX_PIXELS / (width * height)));
  let w = Math.floor(width * scale);
  let h = Math.floor(height * scale);
  // Rounding must never tip the image over the bound.
  while (w * h > SCREENSHOT_MAX_PIXELS) {
    w -= 1;
    h = Math.floor((w * height) / width);
  }
  return { scale, width: Math.max(1, w), height: Math.max(1, h) };
}
