// Loaded before every test file (vitest.config.ts): the DOM matchers of @testing-library/jest-dom
// (toBeInTheDocument, toBeVisible, toHaveTextContent, ...) on `expect`, with their types.
import '@testing-library/jest-dom/vitest';
import { afterAll } from 'vitest';
import { reloadSettings } from '../../web/src/platform/settings/store';

// The web files share one module graph and document (isolate: false): what one file leaves would
// meet the next file's first test. The settings store's cached value (a preferred depth, a model),
// and a tree left mounted, such as an open dialog whose `pointer-events: none` on the body makes
// every click of the next file fail, and toasts still showing (sonner replays them to the next
// file's toaster, so one text would be on screen twice).
afterAll(async () => {
  if (typeof document !== 'undefined') {
    const [{ cleanup }, { toast }] = await Promise.all([import('@testing-library/react'), import('sonner')]);
    toast.dismiss();
    cleanup();
    // What a test put on the page outside React (a payment form's field, a portal), and its focus.
    document.body.innerHTML = '';
    document.body.removeAttribute('style');
  }
  if (typeof localStorage !== 'undefined') localStorage.clear();
  reloadSettings();
});
