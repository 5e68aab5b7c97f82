// The Linear adapter against a fake of Linear's GraphQL API on 127.0.0.1 (tests/fakes/oauth/linear.ts):
// every issue walked by endCursor and resumed from any checkpoint with nothing lost or doubled,
// the delta by updatedAt with archiving and trashing as removals, Linear's errors in the body
// (a rate limit retried, a refused token refreshed once, the rest failing), and the expired-token
// refusal of the fake refreshed once; descriptions stay data.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { drainDelta, walkApp, walkResumed } from '../../../tests/fakes/oauth/app-walk.js';
import { fakeCallDeps } from '../../../tests/fakes/oauth/call-deps.js';
import { createFakeLinear } from '../../../tests/fakes/oauth/linear.js';
import { type OAuthFake, startOAuthFake } from '../../../tests/fakes/oauth/provider.js';
import { linearAdapter } from './linear.js';

let fake: OAuthFake;
const linear = createFakeLinear();
const EVIL = '<script>alert(1)</script> {{7*7}}';

beforeAll(async () => {
  fake = await startOAuthFake({ family: 'linear', clientId: 'c', clientSecret: 's', api: linear.api });
  for (let n = 1; n <= 7; n++)
    linear.issue({
      id: `i${n}`,
      identifier: `ENG-${n}`,
      title: `Issue ${n}`,
      description: n === 3 ? EVIL : `about ${n}`,
      team: 'Engineering',
      state: 'Todo',
      creator: 'Ada',
      labels: n === 1 ? ['bug'] : [],
    });
  linear.issue({ id: 'gone', identifier: 'ENG-99', title: 'Archived', description: null, team: 'Engineering', state: 'Done', creator: 'Ada', archived: true });
});
afterAll(async () => fake?.close());

const adapter = (pageSize = 3) => {
  const run = fakeCallDeps(fake, 'linear');
  return { ...run, a: linearAdapter(run.deps, { pageSize }) };
};
const ids = (docs: { remoteId: string }[]) => docs.map((d) => d.remoteId).sort();
const LIVE = ['i1', 'i2', 'i3', 'i4', 'i5', 'i6', 'i7'];

describe('the Linear adapter', () => {
  it('walks every live issue, with its state, labels, team and creator', async () => {
    const { documents, checkpoint } = await walkApp(adapter().a);
    expect(checkpoint).toBeNull();
    expect(ids(documents)).toEqual(LIVE);
    expect(documents.find((d) => d.remoteId === 'i1')).toMatchObject({
      kind: 'ISSUE',
      title: 'ENG-1 Issue 1',
      text: 'State: Todo\nLabels: bug\n\nabout 1',
      url: 'https://linear.app/acme/issue/ENG-1',
      authors: ['Ada'],
      container: 'Engineering',
      readers: null,
    });
    expect(documents.find((d) => d.remoteId === 'i3')?.text).toBe(`State: Todo\n\n${EVIL}`);
  });

  it('resumed from any checkpoint (a crash between pages), lists everything exactly once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 5 }), async (stopAfter, pageSize) => {
        const walked = await walkResumed(() => adapter(pageSize).a, stopAfter);
        expect(ids(walked)).toEqual(LIVE);
      }),
      { numRuns: 15 },
    );
  });

  it('finds edits after the cursor, and archived or trashed issues as removals, each once', async () => {
    onTestFinished(() => {
      linear.edit('i4', { archived: false });
      linear.edit('i5', { trashed: false });
      linear.issues.delete('i8');
    });
    const { a } = adapter(2);
    const cursor = await a.startCursor();
    linear.edit('i2', { title: 'Issue 2 (edited)' });
    linear.edit('i4', { archived: true });
    linear.edit('i5', { trashed: true });
    linear.issue({ id: 'i8', identifier: 'ENG-8', title: 'New', description: null, team: 'Engineering', state: 'Todo', creator: 'Bob' });
    const first = await drainDelta(a, cursor);
    expect(first.changes.map((c) => [c.remoteId, c.removed])).toEqual([
      ['i2', false],
      ['i4', true],
      ['i5', true],
      ['i8', false],
    ]);
    expect(first.changes[0].document?.title).toBe('ENG-2 Issue 2 (edited)');
    expect((await drainDelta(a, first.cursor)).changes).toEqual([]);
  });

  it("retries Linear's rate limit and internal errors named in the body, and fails on the others", async () => {
    linear.state.errorNext = [
      { status: 400, code: 'RATELIMITED' },
      { status: 200, code: 'INTERNAL_SERVER_ERROR' },
    ];
    expect(ids((await walkApp(adapter().a)).documents)).toEqual(LIVE);
    linear.state.errorNext = [{ status: 400, code: 'GRAPHQL_VALIDATION_FAILED' }];
    await expect(adapter().a.listPage(null)).rejects.toMatchObject({ status: 400, message: 'Linear answered GRAPHQL_VALIDATION_FAILED' });
  });

  it('refreshes a refused token once and goes on, whether refused by status or in the body', async () => {
    const run = adapter();
    const first = await run.a.listPage(null);
    fake.expire(run.current());
    expect((await run.a.listPage(first.checkpoint)).documents.length).toBeGreaterThan(0);
    linear.state.errorNext = [{ status: 400, code: 'AUTHENTICATION_ERROR' }];
    expect((await run.a.listPage(first.checkpoint)).documents.length).toBeGreaterThan(0);
    expect(run.refreshed).toHaveLength(2);
  });
});
