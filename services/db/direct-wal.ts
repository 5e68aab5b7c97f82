// Where the embedded PostgreSQL may write its WAL with O_DIRECT (services/db/embedded.ts).
import { closeSync, constants, openSync, rmSync } from 'node:fs';
import { platform } from 'node:os';
import { join } from 'node:path';

/**
 * The WAL written straight to disk (O_DIRECT), past the page cache, where the data directory's
 * file system takes it. Nothing here reads the WAL back but a crash recovery (no standby, no
 * archive), yet through the page cache every megabyte was first copied into it, into memory new
 * to it: a batch of ten 5 MB CSVs writes some 600 MB of WAL, and on this machine (a VM whose
 * free memory goes back to its host) perf put a quarter of all CPU in that copy
 * (copy_folio_from_iter_atomic), the WAL writer spending 3.4-5.0 core-s a batch; `dd` of 1 GB
 * into new pages took 5.8 s of system time, 0.3 s into pages it had just freed. PostgreSQL itself
 * wrote WAL this way without a standby (wal_level minimal) until version 16; `debug_io_direct`
 * is how 16 and later ask for it.
 * Measured, four batches a run, runs alternated: the second to fourth batch 8.1-13.3 s against
 * 15.0-18.3 s; the files bench's batch 10.6 and 13.3 s against 15.0 and 14.3 s; the 10 MB CSV
 * alone unchanged (2,063 and 2,128 ms against 2,249 and 1,940 ms).
 */
export function directWalSettings(databaseDir: string): string[] {
  if (platform() !== 'linux') return [];
  const probe = join(databaseDir, '.direct-io-probe');
  try {
    closeSync(openSync(probe, constants.O_CREAT | constants.O_WRONLY | constants.O_DIRECT, 0o600));
    return ['debug_io_direct=wal'];
  } catch {
    // A file system without O_DIRECT (tmpfs before Linux 6.6): PostgreSQL could not open its WAL.
    return [];
  } finally {
    rmSync(probe, { force: true });
  }
}
