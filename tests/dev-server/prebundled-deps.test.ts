// make dev-mocks pre-bundles the dependencies web/vite.config.ts lists rather than the ones a
// scan of the app finds (the scan took a cold start's first 3.5 s): every package the app imports,
// on any page, must be in the list. One missing would be served file by file, and a CommonJS one
// not at all.
import { build } from 'esbuild';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOT_PREBUNDLED, PREBUNDLED } from '../../web/dev-bundles';

const root = join(import.meta.dirname, '../..');

/** The packages the app imports from the code it runs, its lazy pages' too. */
async function importedPackages(): Promise<string[]> {
  const out = await build({
    entryPoints: [join(root, 'web/src/main.tsx')],
    absWorkingDir: root,
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'browser',
    packages: 'external',
    // Vite's own imports (styles, ?raw text) are not packages.
    external: ['*.css', '*?raw', '*?url'],
    logLevel: 'silent',
  });
  const found = new Set<string>();
  // A package's style sheet (leaflet's) is Vite's CSS to serve, not a dependency to pre-bundle.
  for (const input of Object.values(out.metafile.inputs))
    for (const i of input.imports) if (i.external && /^[@a-z]/.test(i.path) && !i.path.endsWith('.css')) found.add(i.path);
  return [...found].sort();
}

describe('the pre-bundled dependencies of make dev-mocks', () => {
  it('hold every package the app imports', async () => {
    const imported = await importedPackages();
    expect(imported.length).toBeGreaterThan(10);
    const missing = imported.filter((p) => !PREBUNDLED.includes(p) && !NOT_PREBUNDLED.some((n) => p === n || p.startsWith(`${n}/`)));
    expect(missing).toEqual([]);
  });
});
