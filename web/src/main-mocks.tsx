// Entry point of `make dev-mocks`: the app's modules and the mocks' load side by side (one after
// the other, a first render waited for both in turn), and the app renders once the MSW worker
// answers the API, so its first requests reach the mocks.
const [{ renderApp }, { startMockWorker }] = await Promise.all([import('./render'), import('../../mocks/browser')]);
await startMockWorker();
renderApp();

export {};
