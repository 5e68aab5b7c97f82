// orval: React Query v5 hooks and MSW handlers. SSE operations are left out (see DESIGN).
import { defineConfig } from 'orval';

export default defineConfig({
  api: {
    // SSE operations (tags answer-stream, index-stream) are left out: hooks and JSON mocks cannot stream;
    // so are the addresses a browser is redirected to (browser-redirect), which no client calls.
    input: {
      target: './generated/openapi.json',
      filters: { mode: 'exclude', tags: ['answer-stream', 'index-stream', 'notification-stream', 'browser-redirect', 'answer-api'] },
    },
    output: {
      mode: 'tags-split',
      target: './generated/react-query/api.ts',
      schemas: './generated/react-query/model',
      client: 'react-query',
      httpClient: 'fetch',
      clean: true,
      mock: { indexMockFiles: true, path: './generated/msw', generators: [{ type: 'msw', useExamples: true, delay: false }] },
      override: {
        mutator: { path: './web/src/platform/api-fetch.ts', name: 'apiFetch' },
        query: { signal: true },
      },
    },
  },
});
