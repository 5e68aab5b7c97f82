// The web app's build. Root is web/, output dist/web (served by the API server with an SPA
// fallback). `--mode mocks` (make dev-mocks) serves the MSW worker script so the UI runs with
// no backend. Build flags: VITE_INSTALL_SIDECAR=true for the install-sidecar build (some modals
// are not offered there) and VITE_WINDOWS_APP=true for the Windows app (its shortcut table).
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { msw } from 'msw/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { bundledMocks } from './bundled-mocks.ts';
import { mocksWorker } from './mocks-worker.ts';
import { bundledInDev, depsWithoutSourceMaps, NOT_PREBUNDLED, PREBUNDLED } from './dev-bundles.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const flag = (name: string) => process.env[name] === 'true' || process.env[name] === '1';

/** `make dev-mocks` starts at main-mocks.tsx, which starts the MSW worker before the app renders. */
const mocksEntry: Plugin = {
  name: 'mocks-entry',
  transformIndexHtml: (html) => html.replace('/src/main.tsx', '/src/main-mocks.tsx'),
};

export default defineConfig(({ mode }) => ({
  root: webRoot,
  plugins: [
    react(),
    tailwindcss(),
    // The generated models' barrel (341 files re-exported by one index; the MSW handlers and the
    // hooks import enums from it) and the app's icons (web/src/ui/icons.ts: one lucide-react
    // module per icon, about 70) were most of a first page's requests, one file each.
    bundledInDev('bundled-model-barrel', /\/generated\/react-query\/model\/index\.ts$/, repoRoot),
    bundledInDev('bundled-icons', /\/web\/src\/ui\/icons\.ts$/, repoRoot),
    depsWithoutSourceMaps,
    ...(mode === 'mocks' ? [msw({ mode: 'worker-only' }), mocksWorker, mocksEntry, bundledMocks(repoRoot)] : []),
  ],
  // Pre-bundled: the dependencies web/dev-bundles.ts lists, with no scan of the app for them (a
  // cold start's first 3.5 s) and none discovered late (which reloads the page). lucide-react is
  // not: the icons are served in web/src/ui/icons.ts' own bundle (above).
  optimizeDeps: { noDiscovery: true, include: PREBUNDLED, exclude: [...NOT_PREBUNDLED] },
  define: {
    'import.meta.env.VITE_INSTALL_SIDECAR': JSON.stringify(flag('VITE_INSTALL_SIDECAR')),
    'import.meta.env.VITE_WINDOWS_APP': JSON.stringify(flag('VITE_WINDOWS_APP')),
  },
  // generated/ and mocks/ live beside web/, outside Vite's root.
  // The first page's modules are transformed while the server starts, before the browser asks.
  server: { fs: { allow: [repoRoot] }, warmup: { clientFiles: [mode === 'mocks' ? './src/main-mocks.tsx' : './src/main.tsx', './src/render.tsx'] } },
  build: { outDir: fileURLToPath(new URL('../dist/web', import.meta.url)), emptyOutDir: true, target: 'es2022' },
}));
