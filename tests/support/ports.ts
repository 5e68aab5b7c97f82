import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/**
 * A free TCP port on 127.0.0.1, never handed out twice in one test run.
 *
 * The kernel may give the same free port to two workers a moment apart; a server started on it
 * takes seconds to listen, and in that gap the other worker's server answered its readiness
 * check and its requests (a CI run saw a test sign up on another file's server, then find
 * neither mail nor server). So each port is claimed with a file made exclusively in the run's
 * claims folder (`TEST_PORT_CLAIMS`, set by global setup) before it is handed out.
 */
export async function freePort(): Promise<number> {
  const claims = process.env.TEST_PORT_CLAIMS;
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = await kernelFreePort();
    if (!claims || claim(claims, port)) return port;
  }
  throw new Error('no unclaimed free port after 100 attempts');
}

function claim(folder: string, port: number): boolean {
  try {
    writeFileSync(join(folder, String(port)), String(process.pid), { flag: 'wx' });
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

function kernelFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}
