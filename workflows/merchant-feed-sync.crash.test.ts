// The merchants' feed sync survives a hard crash between its steps: the server is killed with
// SIGKILL while the second merchant's feed is still arriving (the first merchant's step done),
// restarted on the same database, and the run resumes: the first merchant is not synced again,
// the second is, and the run ends.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startMerchantFeedFake, tsvFeed, xmlFeed } from '../tests/fakes/merchant-feed.js';
import { workflowStatus, workflowSteps } from '../tests/support/crash.js';
import { createTestDatabase, queryRows } from '../tests/support/database.js';
import { startServerProcess } from '../tests/support/server-process.js';

let database: { url: string; drop: () => Promise<void> };
let feeds: Awaited<ReturnType<typeof startMerchantFeedFake>>;
beforeAll(async () => {
  database = await createTestDatabase('crash-feeds');
  feeds = await startMerchantFeedFake();
});
afterAll(async () => {
  await feeds?.close();
  await database?.drop();
});

async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const v = await probe();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

test('a SIGKILL mid-run resumes at the next merchant after a restart; the first is synced once', { timeout: 120_000 }, async () => {
  feeds.serve('/a.xml', xmlFeed([{ id: 'a1', title: 'Enamel camping kettle', price: '24.00 EUR' }]));
  feeds.serve('/b.tsv', tsvFeed([{ id: 'b1', title: 'Wool hiking socks', price: '12.00 EUR' }]));
  const release = feeds.hold('/b.tsv');
  const dir = mkdtempSync(join(tmpdir(), 'merchants-'));
  writeFileSync(
    join(dir, 'merchants.json'),
    JSON.stringify([
      { id: 'a', name: 'Kettles', url: `${feeds.url}/a.xml` },
      { id: 'b', name: 'Socks', url: `${feeds.url}/b.tsv` },
    ]),
  );
  const env = { MERCHANT_FEEDS_FILE: join(dir, 'merchants.json') };
  const first = await startServerProcess({ databaseUrl: database.url, env });
  const workflowId = await until('the run to start', async () => {
    const rows = await queryRows<{ workflow_uuid: string }>(
      database.url,
      "select workflow_uuid from dbos.workflow_status where workflow_uuid like 'merchant-feeds-%'",
    ).catch(() => []);
    return rows[0]?.workflow_uuid;
  });
  // The first merchant's step is recorded and the second one's feed is being fetched: killed now.
  await until('the first merchant synced and the second asked for', async () =>
    (await workflowSteps(database.url, workflowId)).some((s) => s.name === 'sync-a') && feeds.served.includes('/b.tsv') ? true : undefined,
  );
  await first.stop('SIGKILL');
  expect((await workflowStatus(database.url, workflowId))?.status).toBe('PENDING');
  release();

  const restarted = await startServerProcess({ databaseUrl: database.url, env });
  try {
    const done = await until('the run to end', async () => {
      const s = await workflowStatus(database.url, workflowId);
      return s && s.status !== 'PENDING' && s.status !== 'ENQUEUED' ? s : undefined;
    });
    expect(done.status).toBe('SUCCESS');
    expect(done.recoveryAttempts).toBeGreaterThan(0);
    const synced = await queryRows<{ stream_id: string }>(database.url, "select stream_id from events where type = 'MerchantFeedSynced' order by stream_id");
    expect(synced.map((r) => r.stream_id)).toEqual(['shopping-merchant-a', 'shopping-merchant-b']);
    const merchants = (await (await fetch(`${restarted.url}/rest/shopping/merchant-feeds`)).json()) as {
      merchants: { merchant_id: string; product_count: number }[];
    };
    expect(merchants.merchants.map((m) => [m.merchant_id, m.product_count])).toEqual([
      ['a', 1],
      ['b', 1],
    ]);
  } finally {
    await restarted.stop();
  }
});
