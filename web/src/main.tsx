// Entry point of the built app. `make dev-mocks` loads main-mocks.tsx instead (web/vite.config.ts),
// so the production build holds no mocks.
import { renderApp } from './render';

renderApp();
