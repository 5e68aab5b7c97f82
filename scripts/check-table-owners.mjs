// Every table has one owner (services/<owner>/tables.ts). The type check stops a builder query on
// another owner's table; this catches what types cannot see: raw SQL (sql`… FROM spaces …`) and
// queries in workflows or the composition root. Run by `make lint`.
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const listed = (pattern) =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', pattern], { encoding: 'utf8' }).split('\n').filter(Boolean);

const owners = new Map();
for (const file of listed('services/*/tables.ts')) {
  const owner = file.split('/')[1];
  const block = /export interface \w+Tables \{([^}]*)\}/.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
  for (const m of block.matchAll(/^\s*(\w+):/gm)) owners.set(m[1], owner);
}

const withoutComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
const BUILDER = /\.(?:selectFrom|innerJoin|leftJoin|rightJoin|fullJoin|insertInto|updateTable|deleteFrom|mergeInto)\(\s*'(\w+)/g;
const RAW = /\b(?:FROM|JOIN|INTO|UPDATE|from|join|into|update)\s+"?(\w+)"?/g;

const problems = [];
// git's pathspec '*' matches across '/': 'workflows/*.ts' is every workflow, however deep
// ('workflows/**/*.ts' would need a folder below workflows/ and match none).
for (const file of [...listed('services/**/*.ts'), ...listed('workflows/*.ts')]) {
  if (file.endsWith('.test.ts') || file.includes('/migrations/') || file.endsWith('/tables.ts')) continue;
  const text = withoutComments(readFileSync(file, 'utf8'));
  const here = file.startsWith('workflows/') ? 'workflows' : file.split('/')[1];
  const raw = [...text.matchAll(/sql(?:<[^`]*?>)?`([^`]*)`/g)].map((m) => m[1]).join('\n');
  const found = new Set([...[...text.matchAll(BUILDER)].map((m) => m[1]), ...[...raw.matchAll(RAW)].map((m) => m[1])]);
  for (const table of found) {
    const owner = owners.get(table);
    if (owner && owner !== here) problems.push(`${file}: reads ${table}, owned by ${owner} (ask services/${owner}/index.ts)`);
  }
}

if (problems.length) {
  console.error(problems.join('\n'));
  console.error(`${problems.length} reads of another owner's tables`);
  process.exit(1);
}
