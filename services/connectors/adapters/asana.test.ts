// The Asana adapter against a fake of Asana's API on 127.0.0.1 (tests/fakes/oauth/asana.ts): every
// project's tasks walked by offset and resumed from any checkpoint with nothing lost or doubled,
// the delta by modified_since with a new project whole, a 429 storm waited out, an expired token
// refreshed once, and a task's notes kept as data.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { drainDelta, walkApp, walkResumed } from '../../../tests/fakes/oauth/app-walk.js';
import { createFakeAsana } from '../../../tests/fakes/oauth/asana.js';
import { fakeCallDeps } from '../../../tests/fakes/oauth/call-deps.js';
import { type OAuthFake, startOAuthFake } from '../../../tests/fakes/oauth/provider.js';
import { asanaAdapter } from './asana.js';

let fake: OAuthFake;
const asana = createFakeAsana();
const EVIL = '<script>alert(1)</script> {{7*7}}';

beforeAll(async () => {
  fake = await startOAuthFake({ family: 'asana', clientId: 'c', clientSecret: 's', api: asana.api });
  asana.project('p1', 'Launch');
  asana.project('p2', 'Hiring');
  for (let n = 1; n <= 5; n++)
    asana.task({ gid: `t${n}`, name: `Task ${n}`, notes: n === 2 ? EVIL : `notes ${n}`, project: 'p1', assignee: 'Ada', creator: 'Bob', completed: n === 1 });
  for (let n = 6; n <= 8; n++) asana.task({ gid: `t${n}`, name: `Task ${n}`, notes: '', project: 'p2' });
});
afterAll(async () => fake?.close());

const adapter = (pageSize = 2) => {
  const run = fakeCallDeps(fake, 'asana');
  return { ...run, a: asanaAdapter(run.deps, { pageSize }) };
};
const ids = (docs: { remoteId: string }[]) => docs.map((d) => d.remoteId).sort();
const ALL = ['t1', 't2', 't3', 't4', 't5', 't6', 't7', 't8'];

describe('the Asana adapter', () => {
  it("walks every project's tasks, with status, assignee, creator and project", async () => {
    const { documents, checkpoint } = await walkApp(adapter().a);
    expect(checkpoint).toBeNull();
    expect(ids(documents)).toEqual(ALL);
    expect(documents.find((d) => d.remoteId === 't1')).toMatchObject({
      kind: 'TASK',
      title: 'Task 1',
      text: 'Status: Completed\nAssignee: Ada\n\nnotes 1',
      url: 'https://app.asana.com/0/p1/t1',
      authors: ['Bob'],
      container: 'Launch',
      readers: null,
    });
    expect(documents.find((d) => d.remoteId === 't2')?.text).toBe(`Status: Open\nAssignee: Ada\n\n${EVIL}`);
    expect(documents.find((d) => d.remoteId === 't6')?.text).toBe('Status: Open');
  });

  it('resumed from any checkpoint (a crash between pages), lists everything exactly once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 4 }), async (stopAfter, pageSize) => {
        const walked = await walkResumed(() => adapter(pageSize).a, stopAfter);
        expect(ids(walked)).toEqual(ALL);
      }),
      { numRuns: 15 },
    );
  });

  it('finds tasks modified since the cursor, and a new project whole, each once', async () => {
    onTestFinished(() => {
      asana.projects.delete('p3');
      asana.tasks.delete('t9');
      asana.tasks.delete('t10');
    });
    const { a } = adapter();
    const cursor = await a.startCursor();
    asana.edit('t3', { name: 'Task 3 (edited)' });
    asana.edit('t7', { completed: true });
    asana.project('p3', 'New');
    asana.task({ gid: 't9', name: 'Task 9', notes: '', project: 'p3' });
    asana.task({ gid: 't10', name: 'Task 10', notes: '', project: 'p3' });
    const first = await drainDelta(a, cursor);
    expect(ids(first.changes)).toEqual(['t10', 't3', 't7', 't9']);
    expect(first.changes.find((c) => c.remoteId === 't7')?.document?.text).toBe('Status: Completed');
    expect((await drainDelta(a, first.cursor)).changes).toEqual([]);
  });

  it('drops a project gone since the round began rather than stopping at it for ever', async () => {
    const { a } = adapter(10);
    const first = await a.deltaPage(await a.startCursor());
    expect(first.more).toBe(true);
    const hiring = asana.projects.get('p2');
    onTestFinished(() => {
      if (hiring) asana.projects.set('p2', hiring);
    });
    asana.projects.delete('p2');
    const second = await a.deltaPage(first.cursor);
    expect(second).toMatchObject({ changes: [], more: false });
    expect(Object.keys(JSON.parse(second.cursor).projects)).toEqual(['p1']);
  });

  it('waits out a 429 storm as Asana asks, losing and doubling nothing', async () => {
    const { a, rateLimited } = adapter();
    asana.state.rateLimitNext = 4;
    expect(ids((await walkApp(a)).documents)).toEqual(ALL);
    expect(rateLimited).toHaveLength(4);
  });

  it('refreshes an expired token once and goes on', async () => {
    const run = adapter();
    const first = await run.a.listPage(null);
    fake.expire(run.current());
    expect((await run.a.listPage(first.checkpoint)).documents.length).toBeGreaterThan(0);
    expect(run.refreshed).toHaveLength(1);
  });
});
