// Loaded before every test file (vitest.config.ts): the DOM matchers of @testing-library/jest-dom
// (toBeInTheDocument, toBeVisible, toHaveTextContent, ...) on `expect`, with their types.
import '@testing-library/jest-dom/vitest';
import { afterAll } from 'vitest';
import { reloadSettings } from '../../web/src/platform/settings/store';

// The web files share one module graph (isolate: false), so the settings store's cached value
// would carry one file's choices (a preferred depth, a model) into the next file's first test.
afterAll(() => {
  if (typeof localStorage !== 'undefined') localStorage.clear();
  reloadSettings();
});
