// hey-api: the typed fetch SDK and types shared by server, web and tests (SSE included).
import { defineConfig } from '@hey-api/openapi-ts';

export default defineConfig({
  input: './generated/openapi.json',
  output: { path: 'generated/sdk', postProcess: [] },
  plugins: ['@hey-api/typescript', '@hey-api/sdk', '@hey-api/client-fetch'],
});
