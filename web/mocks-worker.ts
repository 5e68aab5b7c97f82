// `make dev-mocks`' service worker, served at /mocks-worker.js: MSW's own (/mockServiceWorker.js,
// which msw/vite serves) behind a listener that lets the app's code and styles go straight to the
// network. MSW's worker asks the page about every request it sees, each a round trip to the page's
// busy main thread: when the worker took over before the app's modules had all loaded, the rest of
// them came about a second late (a thread's first render 1.7-2.1 s against 1.1 s). The mocks answer
// the API, never a module, a style sheet or a font, so the app's requests lose nothing.
import type { Plugin } from 'vite';

/** The address mocks/browser.ts registers the worker at. */
const MOCKS_WORKER_URL = '/mocks-worker.js';

/** The worker's script: first in line, it stops the fetch event of code, styles and fonts before MSW's listener sees it. */
const MOCKS_WORKER_SCRIPT = `// make dev-mocks: MSW's worker, not asked about the app's code, styles or fonts (web/mocks-worker.ts).
const STRAIGHT_TO_THE_NETWORK = new Set(['script', 'style', 'font']);
self.addEventListener('fetch', (event) => {
  if (STRAIGHT_TO_THE_NETWORK.has(event.request.destination)) event.stopImmediatePropagation();
});
importScripts('/mockServiceWorker.js');
`;

export const mocksWorker: Plugin = {
  name: 'mocks-worker',
  apply: 'serve',
  configureServer(server) {
    server.middlewares.use(MOCKS_WORKER_URL, (_req, res) => {
      res.setHeader('Content-Type', 'text/javascript');
      res.setHeader('Cache-Control', 'no-cache');
      res.end(MOCKS_WORKER_SCRIPT);
    });
  },
};
