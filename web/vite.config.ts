// The web app's build. Root is web/, output dist/web (served by the API server with an SPA
// fallback). `--mode mocks` (make dev-mocks) serves the MSW worker script so the UI runs with
// no backend. Build flags: VITE_INSTALL_SIDECAR=true for the install-sidecar build (some modals
// are not offered there) and VITE_WINDOWS_APP=true for the Windows app (its shortcut table).
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { msw } from 'msw/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const flag = (name: string) => process.env[name] === 'true' || process.env[name] === '1';

export default defineConfig(({ mode }) => ({
  root: webRoot,
  plugins: [react(), tailwindcss(), ...(mode === 'mocks' ? [msw({ mode: 'worker-only' })] : [])],
  define: {
    'import.meta.env.VITE_INSTALL_SIDECAR': JSON.stringify(flag('VITE_INSTALL_SIDECAR')),
    'import.meta.env.VITE_WINDOWS_APP': JSON.stringify(flag('VITE_WINDOWS_APP')),
  },
  // generated/ and mocks/ live beside web/, outside Vite's root.
  server: { fs: { allow: [repoRoot] } },
  build: { outDir: fileURLToPath(new URL('../dist/web', import.meta.url)), emptyOutDir: true, target: 'es2022' },
}));
