// The dev server's shortcuts for `make dev-mocks`' first render, which was spent on requests: a
// page fetched one module per file and every pre-bundled dependency with its source map inlined.
// None of them applies to `vite build`.
import { build } from 'esbuild';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * A module of the app served as one esbuild bundle of it and the files it imports, with React left
 * to the pre-bundled dependency (one React in the page). For modules that are mostly re-exports:
 * the browser fetched each of their files one by one. An edit to any of them reloads the page.
 */
export function bundledInDev(name: string, file: RegExp, repoRoot: string): Plugin {
  return {
    name,
    apply: 'serve',
    async load(id) {
      if (!file.test(id)) return null;
      const out = await build({
        entryPoints: [id],
        absWorkingDir: repoRoot,
        bundle: true,
        format: 'esm',
        platform: 'browser',
        target: 'es2022',
        external: ['react', 'react/*', 'react-dom', 'react-dom/*'],
        write: false,
        metafile: true,
        logLevel: 'silent',
      });
      for (const input of Object.keys(out.metafile.inputs)) if (!input.includes('node_modules/')) this.addWatchFile(join(repoRoot, input));
      // No source map: the bundle names each file it holds in a comment.
      return { code: out.outputFiles[0]!.text, map: { mappings: '' } };
    },
  };
}

/**
 * Pre-bundled dependencies served without their source maps: Vite inlined each one's map
 * (react-dom's client: 0.9 MB of code served as 3 MB), about half the bytes of a first page, all
 * read, encoded and sent while the server started. Their maps were on the debugger's ignore list
 * anyway; their code, not minified, is still readable.
 */
export const depsWithoutSourceMaps: Plugin = {
  name: 'deps-without-source-maps',
  apply: 'serve',
  transform(code, id) {
    const env = this.environment; // the dev server's (apply: 'serve')
    if (!('depsOptimizer' in env) || !env.depsOptimizer?.isOptimizedDepFile(id)) return null;
    return { code, map: { mappings: '' } };
  },
};

/**
 * The dependencies the dev server pre-bundles, each package the app imports (its JSX runtime too):
 * listed rather than found by a scan of the app, which took a cold start's first 3.5 s.
 * tests/dev-server/prebundled-deps.test.ts checks that the app imports no other.
 */
export const PREBUNDLED = [
  '@stripe/react-stripe-js/checkout',
  '@stripe/stripe-js/pure',
  '@tanstack/react-query',
  'clsx',
  'eventsource-parser',
  'leaflet',
  'qrcode.react',
  'radix-ui/alert-dialog',
  'radix-ui/dialog',
  'radix-ui/dropdown-menu',
  'radix-ui/popover',
  'radix-ui/switch',
  'radix-ui/tabs',
  'react',
  'react-dom',
  'react-dom/client',
  'react-markdown',
  'react-router',
  'react-router/dom',
  'react/jsx-dev-runtime',
  'react/jsx-runtime',
  'remark-gfm',
  'sonner',
  'tldts',
  'zod',
];

/** Served in a bundle of the app's own (the icons, above): not pre-bundled. */
export const NOT_PREBUNDLED = ['lucide-react'];
