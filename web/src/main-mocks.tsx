// Entry point of `make dev-mocks`: the app renders once the MSW worker answers the API, so its
// first requests reach the mocks. The app's modules, and the opened page's (pages.tsx), load while
// the mocks load and their worker starts (registering a service worker takes a while), not after.
const app = import('./render');
import('./app/pages').then(({ preloadPage }) => preloadPage(location.pathname)).catch(() => {});
const { startMockWorker } = await import('../../mocks/browser');
await startMockWorker();
(await app).renderApp();

export {};
