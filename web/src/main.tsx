// Entry point of the built app. `make dev-mocks` loads main-mocks.tsx instead (web/vite.config.ts),
// so the production build holds no mocks.
import { preloadPage } from './app/pages';
import { renderApp } from './render';

// The opened page's code is asked for before the shell renders; a failure shows when the page
// does (its route's RouteError).
preloadPage(location.pathname).catch(() => {});
renderApp();
