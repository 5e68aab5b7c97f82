// The server as one ES module for the tests' server processes: Node then loads a single file
// instead of resolving and transpiling some 800 TypeScript modules through tsx at every start
// (about 1 s of each start on this machine). Packages stay external, and each file keeps its own
// `import.meta.url`, so worker jobs, the spec and the guide are found where they are.
import { build, type Plugin } from 'esbuild';
import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compileCacheOf } from './compile-cache.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// One file per test run, so two runs in one tree never load each other's half-written bundle.
const SERVER_BUNDLE = `${ROOT}dist/test-server/main-${process.pid}.mjs`;

const ownImportMetaUrl: Plugin = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
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
    packages: 'external',
    // Beside the bundle, not in it: a server process reads it only when asked to map its stack
    // traces (TEST_SERVER_SOURCE_MAPS=1, see server-process.ts).
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [ownImportMetaUrl],
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
