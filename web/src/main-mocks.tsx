// Entry point of `make dev-mocks`: the app renders once the MSW worker answers the API, so its
// first requests reach the mocks. The app's modules load while the mocks load and their worker
// starts (registering a service worker takes a while), not after.
const app = import('./render');
const { startMockWorker } = await import('../../mocks/browser');
await startMockWorker();
(await app).renderApp();

export {};
