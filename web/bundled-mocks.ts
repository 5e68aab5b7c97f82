// `make dev-mocks` serves the mocks (mocks/browser.ts and all it imports: the scenarios, the
// generated MSW handlers, the bundled spec, the domains' pure rules, and msw, faker, Ajv, zod,
// jszip, rrule…) as one module (3.3 MB) that esbuild bundles while the server starts (or reads
// back from Vite's cache folder when none of its files changed). Served
// module by module they were about 170 of a first page's 268 requests, and 8 MB of its 25 MB (each
// dependency pre-bundled whole: zod with every locale), all fetched before the app could render.
// The app's own modules are served as before (hot reload); a change to any file the mocks import
// reloads the page. No source map (see load): the bundle names each file it holds in a comment.
import { build } from 'esbuild';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { cachedBundle } from './bundle-cache.ts';

const VIRTUAL_ID = '\0bundled-mocks.js';

export function bundledMocks(repoRoot: string): Plugin {
  const entry = join(repoRoot, 'mocks/browser.ts');
  const bundle = async () => {
    const out = await build({
      entryPoints: [entry],
      absWorkingDir: repoRoot,
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      write: false,
      metafile: true,
      // The generated mock data needs faker's English only (its every locale is 2.5 MB more).
      alias: { '@faker-js/faker': '@faker-js/faker/locale/en' },
      logLevel: 'error',
    });
    return { code: out.outputFiles[0]!.text, inputs: Object.keys(out.metafile.inputs).map((f) => join(repoRoot, f)) };
  };
  // Kept in Vite's cache folder: a start with no file changed reads it back (see bundle-cache.ts).
  let cacheFile = '';
  const cached = () => cachedBundle(cacheFile, bundle);
  // Started with the server, so it is ready when the first page asks; later loads (after a change
  // to the mocks) bundle again.
  let early: ReturnType<typeof bundle> | null = null;
  return {
    name: 'bundled-mocks',
    apply: 'serve',
    enforce: 'pre',
    configureServer(server) {
      cacheFile = join(server.config.cacheDir, 'bundled-mocks.json');
      early = cached();
      early.catch(() => {}); // reported by the load that awaits it
    },
    // A virtual .js module: as mocks/browser.ts, Vite's TypeScript transform would run again over
    // the bundle (3 MB) and inline a source map of it (9.7 MB served instead of 3.3 MB).
    async resolveId(source, importer) {
      // Relative imports only: the absolute path is the file itself, which the bundle watches.
      if (!source.startsWith('.') || !/mocks\/browser(\.ts)?$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved?.id === entry ? VIRTUAL_ID : resolved;
    },
    async load(id) {
      if (id !== VIRTUAL_ID) return null;
      const pending = early ?? cached();
      early = null;
      const { code, inputs } = await pending;
      for (const file of inputs) if (!file.includes('/node_modules/')) this.addWatchFile(file);
      // No source map: Vite would inline one of the whole bundle (18 MB served instead of 3.3 MB).
      return { code, map: { mappings: '' } };
    },
  };
}
