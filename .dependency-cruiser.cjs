// The layer rules of docs/architecture.md, checked by `make lint` (dependency-cruiser).
// Kernel below domains, domains in one written order, services/app (the composition root) on top;
// workflows call services, never the reverse. There are no exceptions: `make lint` fails on any.

/** Domains from the bottom up: a domain may import only the ones before it, and only through their index.ts. */
const DOMAIN_ORDER = [
  'identity',
  'settings',
  'mail',
  'orgs',
  'billing',
  'spaces',
  'threads',
  'files',
  // Connections to cloud file sources and apps (issue 32): they sync into files' repositories.
  'connectors',
  // Market data and price alerts' crossing rules (issue 18): the tasks domain checks alerts with it.
  'market',
  // The homepage widgets' watchlists (issue 36): finance items are priced through market's index.ts.
  'watchlist',
  // What the product remembers about a person (issue 18): answers read it as sources.
  'memories',
  // Tool servers (MCP, issue 34): answers and the agent call a person's enabled tools through its index.ts.
  'tools',
  'answers',
  'bookmarks',
  'articles',
  'translation',
  // Shopping (issue 35): the catalogue, orders and the try-on; account deletion (rights) removes their images.
  'shopping',
  // Places (issue 36): an answer's place cards are kept with its entry, read through threads' index.ts.
  'places',
  'rights',
  'partners',
  // Attribution and the assistant browser's invites and downloads (issue 17).
  'attribution',
  'browser',
  'upsells',
  // Notifications (issue 18): sources reach it by their events; it mails through mail.
  'notifications',
  // Scheduled tasks, price alerts and shortcuts (issue 18): runs ask questions in threads.
  'tasks',
  // The ask box's suggestions (issue 36): tickers (watchlist), own questions (threads), news (answers), shortcuts (tasks).
  'suggestions',
  // The in-browser agent (issue 34): reads the site instructions of settings.
  'agent',
  // Durable Research reports (issue 33): plans, searches and reads with answers, ends threads' entries.
  'research',
  // The bug-report tool (issue 36): files an issue in a tracker, then shares the reporter's thread through threads.
  'bugreports',
  // Student verification (issue 36): mails its codes through mail, reads the plans from config.
  'students',
];
const KERNEL = ['cluster', 'db', 'eventstore', 'http', 'shared', 'passages', 'storage', 'workers'];

const alt = (names) => `(${names.join('|')})`;

const orderRules = DOMAIN_ORDER.map((domain, i) => {
  const above = DOMAIN_ORDER.slice(i + 1);
  return above.length === 0
    ? null
    : {
        name: `domain-order-${domain}`,
        comment: `${domain} may not import ${above.join(', ')}: they sit above it (docs/architecture.md). React to their events instead.`,
        severity: 'error',
        from: { path: `^services/${domain}/` },
        // A domain's events.ts is its published language: any domain may read its types to react.
        to: { path: `^services/${alt(above)}/`, pathNot: `^services/${alt(above)}/events\\.ts$` },
      };
}).filter(Boolean);

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Modules must not depend on each other in a circle (the server, the web app, the mocks and the extension).',
      severity: 'error',
      from: { path: '^(services|workflows|web/src|mocks|extension/src)/' },
      to: { circular: true },
    },
    {
      name: 'tables-only-their-owner',
      comment: "A table's types and its owner's own() are imported only by its owner (services/db/owned.ts): another domain asks the owner's index.ts.",
      severity: 'error',
      from: { path: '^services/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^services/[^/]+/tables\\.ts$', pathNot: '^services/$1/' },
    },
    {
      name: 'tables-not-outside-services',
      comment: 'The composition root, workflows, the web app and the mocks never type a table: they call the owners.',
      severity: 'error',
      from: { path: '^(workflows|web/src|mocks)/' },
      to: { path: '^services/[^/]+/tables\\.ts$' },
    },
    {
      name: 'kernel-below-domains',
      comment: 'The kernel (cluster, db, eventstore, http, shared, passages, storage, workers) knows no domain, no app and no workflow.',
      severity: 'error',
      from: { path: `^services/${alt(KERNEL)}/`, pathNot: '\\.test\\.ts$' },
      to: { path: [`^services/${alt(DOMAIN_ORDER)}/`, '^services/app/', '^workflows/'] },
    },
    {
      name: 'nothing-imports-app',
      comment: 'services/app is the composition root: it wires everything and nothing imports it (tests and scripts may).',
      severity: 'error',
      from: { path: '^(services|workflows)/', pathNot: ['^services/app/', '\\.test\\.ts$'] },
      to: { path: '^services/app/' },
    },
    {
      name: 'services-never-import-workflows',
      comment: 'Workflows call services; services never call workflows (services/app wires them).',
      severity: 'error',
      from: { path: '^services/', pathNot: ['^services/app/', '\\.test\\.ts$'] },
      to: { path: '^workflows/' },
    },
    {
      name: 'domains-through-index',
      comment: "A domain uses another only through that domain's index.ts.",
      severity: 'error',
      from: { path: `^services/(${DOMAIN_ORDER.join('|')})/` },
      to: {
        path: `^services/${alt(DOMAIN_ORDER)}/`,
        pathNot: [`^services/$1/`, `^services/${alt(DOMAIN_ORDER)}/(index|events)\\.ts$`],
      },
    },
    {
      name: 'app-and-workflows-through-index',
      comment: 'The composition root and the workflows use a domain as other domains do: through its index.ts (or its events.ts).',
      severity: 'error',
      from: { path: '^(services/app|workflows)/' },
      to: { path: `^services/${alt(DOMAIN_ORDER)}/`, pathNot: `^services/${alt(DOMAIN_ORDER)}/(index|events)\\.ts$` },
    },
    {
      name: 'browser-through-pure',
      comment:
        "The web app and the mocks (which run in the browser too) use a domain only through its pure.ts, the rules it shares with the browser, or its events.ts: its index.ts brings the server's database and Node modules along.",
      severity: 'error',
      from: { path: '^(web/src|mocks)/' },
      to: { path: `^services/${alt(DOMAIN_ORDER)}/`, pathNot: `^services/${alt(DOMAIN_ORDER)}/(pure|events)\\.ts$` },
    },
    {
      name: 'events-as-types-only',
      comment: "Another domain's events.ts is read for its event types only (to react to them); its functions are used through index.ts.",
      severity: 'error',
      from: { path: `^services/(${DOMAIN_ORDER.join('|')})/` },
      to: { path: `^services/${alt(DOMAIN_ORDER)}/events\\.ts$`, pathNot: '^services/$1/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'express-only-at-the-edge',
      comment: 'Only the HTTP edge (services/http) knows Express.',
      severity: 'error',
      from: { path: '^(services|workflows)/', pathNot: ['^services/http/', '^services/app/', '\\.test\\.ts$'] },
      to: { path: '^node_modules/(express|@types/express|express-serve-static-core)/' },
    },
    {
      name: 'file-parsers-only-in-workers',
      comment:
        "Files' parsers run in the extraction workers only: loading them with the server cost about 0.3 s of CPU at each start (import the types and errors from services/files/extract/types.ts).",
      severity: 'error',
      from: { path: '^services/app/main\\.ts$' },
      to: { path: '^node_modules/(exceljs|mammoth|unpdf)/', reachable: true },
    },
    {
      name: 'web-nothing-imports-shell',
      comment:
        "web/src/app is the web app's shell (routes, layout, the modal host and registry): it wires the features and nothing imports it but the entries (main.tsx and main-mocks.tsx, which ask for the opened page's code as they start; render.tsx) and tests. What features need of it is in web/src/platform.",
      severity: 'error',
      from: { path: '^web/src/', pathNot: ['^web/src/app/', '^web/src/render\\.tsx$', '^web/src/main(-mocks)?\\.tsx$', '\\.test\\.tsx?$', '-test-kit\\.tsx$'] },
      to: { path: '^web/src/app/' },
    },
    {
      name: 'web-platform-below-features',
      comment: "web/src/platform and web/src/ui sit below the features; the modal catalogue reads only the features' *-args.ts files, for their types.",
      severity: 'error',
      from: { path: '^web/src/(platform|ui)/' },
      to: { path: '^web/src/features/', pathNot: '-args\\.ts$' },
    },
    {
      name: 'web-modal-args-as-types-only',
      comment: "The modal catalogue reads a feature's *-args.ts for its types only.",
      severity: 'error',
      from: { path: '^web/src/(platform|ui)/' },
      to: { path: '^web/src/features/.+-args\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-never-imports-server',
      comment: 'The web app reaches the server only over HTTP (generated SDK and hooks); shared pure rules are the exception.',
      severity: 'error',
      from: { path: '^web/src/' },
      to: { path: ['^services/(app|http|db|eventstore|passages|storage|workers)/', '^workflows/'] },
    },
    // The browser extension (extension/, issue 34): three programs built apart (the service
    // worker, the side panel, and the page script injected into the person's tabs), none of which
    // runs on the server. Each carries only its own code into its bundle.
    {
      name: 'extension-apart-from-the-app',
      comment:
        "The extension ships to the person's browser on its own: it never imports the server, the workflows, the web app, the mocks or the tests. The one shared source is the agent's fixed numbers (services/agent/limits.ts), read through extension/src/shared/limits.ts.",
      severity: 'error',
      from: { path: '^extension/' },
      to: {
        path: '^(services|workflows|web|mocks|tests)/',
        pathNot: '^services/agent/limits\\.ts$',
      },
    },
    {
      name: 'extension-limits-through-shared',
      comment: "Only extension/src/shared/limits.ts reads the server's agent limits; the rest of the extension reads them there.",
      severity: 'error',
      from: { path: '^extension/', pathNot: '^extension/src/shared/limits\\.ts$' },
      to: { path: '^services/agent/limits\\.ts$' },
    },
    {
      name: 'agent-limits-stand-alone',
      comment: 'services/agent/limits.ts is bundled into the extension: it imports nothing.',
      severity: 'error',
      from: { path: '^services/agent/limits\\.ts$' },
      to: {},
    },
    {
      name: 'extension-no-node',
      comment: 'The extension runs in the browser: no Node built-ins (its tests may use them).',
      severity: 'error',
      from: { path: '^extension/src/', pathNot: '\\.test\\.ts$' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'extension-page-script-self-contained',
      comment:
        "extension/src/page is injected into the person's tabs as one small script: it uses only its own code and extension/src/shared, never the service worker's, the side panel's or a package (socket.io, zod) that would be injected into every page.",
      severity: 'error',
      from: { path: '^extension/src/page/', pathNot: '\\.test\\.ts$' },
      to: {
        pathNot: ['^extension/src/(page|shared)/', '^services/agent/limits\\.ts$'],
        dependencyTypesNot: ['type-only', 'core'],
      },
    },
    {
      name: 'extension-worker-reads-others-types-only',
      comment:
        'The service worker talks to the side panel and the page script by messages (chrome.runtime, chrome.scripting): it reads their types, never their code, which would be bundled into the worker and run in the wrong place.',
      severity: 'error',
      from: { path: '^extension/src/(background/|background\\.ts$)', pathNot: '\\.test\\.ts$' },
      to: { path: '^extension/src/(sidepanel|page)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'extension-panel-reads-others-types-only',
      comment: "The side panel talks to the service worker by messages: it reads the worker's and the page script's types, never their code.",
      severity: 'error',
      from: { path: '^extension/src/sidepanel/', pathNot: '\\.test\\.ts$' },
      to: { path: '^extension/src/(background/|background\\.ts$|page/)', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'extension-shared-below-programs',
      comment: 'extension/src/shared holds what the three programs share (texts, limits): it imports none of them.',
      severity: 'error',
      from: { path: '^extension/src/shared/' },
      to: { path: '^extension/src/(background|sidepanel|page)/|^extension/src/background\\.ts$' },
    },
    ...orderRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^generated/', '^dist/', '^data/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
