// The Notion adapter against a fake of Notion's API on 127.0.0.1 (tests/fakes/oauth/notion.ts):
// pages become markdown (headings, lists, to-dos, code, quotes, nested blocks to a bounded depth),
// databases' rows come once each with their properties, the walk resumes from any checkpoint with
// nothing lost or doubled, the delta finds edits and archiving, a 429 storm is waited out, an
// expired token is refreshed once, and a page's content stays data, capped in size.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainDelta, walkApp, walkResumed } from '../../../tests/fakes/oauth/app-walk.js';
import { fakeCallDeps } from '../../../tests/fakes/oauth/call-deps.js';
import { createFakeNotion } from '../../../tests/fakes/oauth/notion.js';
import { type OAuthFake, startOAuthFake } from '../../../tests/fakes/oauth/provider.js';
import { MAX_DOCUMENT_TEXT } from './app-text.js';
import { notionAdapter } from './notion.js';

let fake: OAuthFake;
const notion = createFakeNotion();
const WORKSPACE = { type: 'workspace', workspace: true } as const;
// biome-ignore lint/suspicious/noTemplateCurlyInString: a placeholder that must stay text is what is tested
const EVIL = '<script>alert(1)</script> <img src=x onerror=alert(2)> {{constructor.constructor("return process")()}} ${process.exit(1)}';

beforeAll(async () => {
  fake = await startOAuthFake({ family: 'notion', clientId: 'c', clientSecret: 's', api: notion.api });
  notion.page({
    id: 'roadmap',
    title: 'Roadmap',
    parent: WORKSPACE,
    blocks: [
      { id: 'h', type: 'heading_1', text: 'Plan' },
      { id: 'p', type: 'paragraph', text: 'Ship in spring.' },
      {
        id: 'l1',
        type: 'bulleted_list_item',
        text: 'Search',
        children: [
          {
            id: 'l2',
            type: 'bulleted_list_item',
            text: 'Filters',
            children: [{ id: 'l3', type: 'numbered_list_item', text: 'Dates', children: [{ id: 'l4', type: 'paragraph', text: 'too deep' }] }],
          },
        ],
      },
      { id: 't', type: 'to_do', text: 'Write docs', checked: true },
      { id: 'c', type: 'code', text: 'const a = "```";', language: 'ts' },
      { id: 'q', type: 'quote', text: 'Less is more.' },
      { id: 'cp', type: 'child_page', text: 'Sub page' },
    ],
  });
  for (let i = 0; i < 6; i++)
    notion.page({
      id: `note-${i}`,
      title: `Note ${i}`,
      parent: { type: 'page_id', page_id: 'roadmap' },
      blocks: [{ id: `n${i}`, type: 'paragraph', text: `note ${i}` }],
    });
  notion.database({ id: 'tasks', title: 'Tasks', parent: { type: 'page_id', page_id: 'roadmap' } });
  for (let i = 0; i < 5; i++)
    notion.page({
      id: `row-${i}`,
      title: `Task ${i}`,
      parent: { type: 'database_id', database_id: 'tasks' },
      properties: {
        Status: { type: 'select', select: { name: i % 2 ? 'Done' : 'Doing' } },
        Due: { type: 'date', date: { start: `2026-12-0${i + 1}`, end: null } },
      },
      blocks: [{ id: `rb${i}`, type: 'paragraph', text: `details ${i}` }],
    });
  notion.page({ id: 'evil', title: 'Untrusted', parent: WORKSPACE, blocks: [{ id: 'e1', type: 'paragraph', text: EVIL }] });
});
afterAll(async () => fake?.close());

const adapter = (opts: { pageSize?: number; maxBlocks?: number } = {}) => {
  const run = fakeCallDeps(fake, 'notion');
  return { ...run, a: notionAdapter(run.deps, { pageSize: opts.pageSize ?? 3, maxBlocks: opts.maxBlocks }) };
};
const ids = (docs: { remoteId: string }[]) => docs.map((d) => d.remoteId).sort();

describe('the Notion adapter', () => {
  it('walks every page, database and row once, pages as markdown and rows with their properties', async () => {
    const { documents, checkpoint } = await walkApp(adapter().a);
    expect(checkpoint).toBeNull();
    expect(ids(documents)).toEqual([
      'evil',
      'note-0',
      'note-1',
      'note-2',
      'note-3',
      'note-4',
      'note-5',
      'roadmap',
      'row-0',
      'row-1',
      'row-2',
      'row-3',
      'row-4',
      'tasks',
    ]);
    const roadmap = documents.find((d) => d.remoteId === 'roadmap');
    expect(roadmap).toMatchObject({ kind: 'PAGE', title: 'Roadmap', url: 'https://www.notion.so/roadmap', readers: null, truncated: false });
    expect(roadmap?.text).toBe(
      ['# Plan', 'Ship in spring.', '- Search', '  - Filters', '    1. Dates', '- [x] Write docs', '````ts\nconst a = "```";\n````', '> Less is more.'].join(
        '\n',
      ),
    );
    expect(documents.find((d) => d.remoteId === 'row-1')).toMatchObject({
      kind: 'PAGE',
      title: 'Task 1',
      container: 'Tasks',
      parentRemoteId: 'tasks',
      text: 'Status: Done\nDue: 2026-12-02\ndetails 1',
    });
    expect(documents.find((d) => d.remoteId === 'tasks')).toMatchObject({ kind: 'DATABASE', title: 'Tasks', parentRemoteId: 'roadmap' });
  });

  it('resumed from any checkpoint (a crash between pages), lists everything exactly once', async () => {
    const whole = ids((await walkApp(adapter().a)).documents);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 5 }), async (stopAfter, pageSize) => {
        // Another adapter (a new process) goes on from the saved checkpoint.
        expect(ids(await walkResumed(() => adapter({ pageSize }).a, stopAfter))).toEqual(whole);
      }),
      { numRuns: 15 },
    );
  });

  it('finds what was edited or archived since the cursor, database rows with their database', async () => {
    const { a } = adapter();
    const cursor = await a.startCursor();
    notion.edit('note-2', { title: 'Note 2 (edited)' });
    notion.edit('row-3', { properties: { Status: { type: 'select', select: { name: 'Blocked' } } } });
    notion.edit('note-4', { archived: true });
    const first = await drainDelta(a, cursor);
    const byId = new Map(first.changes.map((c) => [c.remoteId, c]));
    expect(byId.get('note-2')?.document?.title).toBe('Note 2 (edited)');
    expect(byId.get('row-3')?.document).toMatchObject({ container: 'Tasks', text: 'Status: Blocked\ndetails 3' });
    expect(byId.get('note-4')).toEqual({ remoteId: 'note-4', removed: true, document: null });
    expect(byId.has('note-0')).toBe(false);
    // Notion's times have minutes only: the cursor's minute is read again, and nothing older.
    const again = await drainDelta(a, first.cursor);
    for (const c of again.changes) expect(byId.has(c.remoteId)).toBe(true);
    notion.edit('note-4', { archived: false });
  });

  it('waits out a 429 storm as Notion asks, losing and doubling nothing', async () => {
    const before = ids((await walkApp(adapter().a)).documents);
    const { a, rateLimited } = adapter();
    notion.state.rateLimitNext = 4;
    expect(ids((await walkApp(a)).documents)).toEqual(before);
    expect(rateLimited).toHaveLength(4);
  });

  it('refreshes an expired token once and goes on', async () => {
    const run = adapter();
    const first = await run.a.listPage(null);
    fake.expire(run.current());
    const second = await run.a.listPage(first.checkpoint);
    expect(second.documents.length).toBeGreaterThan(0);
    expect(run.refreshed).toHaveLength(1);
  });

  it("keeps a page's content as data, and caps what a page may hold", async () => {
    const { documents } = await walkApp(adapter().a);
    expect(documents.find((d) => d.remoteId === 'evil')?.text).toBe(EVIL);
    notion.page({ id: 'huge', title: 'Huge', parent: WORKSPACE, blocks: [{ id: 'big', type: 'paragraph', text: 'x'.repeat(MAX_DOCUMENT_TEXT + 10) }] });
    const many = Array.from({ length: 30 }, (_, i) => ({ id: `m${i}`, type: 'paragraph', text: `line ${i}` }));
    notion.page({ id: 'long', title: 'Long', parent: WORKSPACE, blocks: many });
    const after = (await walkApp(adapter({ pageSize: 10, maxBlocks: 12 }).a)).documents;
    const huge = after.find((d) => d.remoteId === 'huge');
    expect(huge?.truncated).toBe(true);
    expect(huge?.text).toHaveLength(MAX_DOCUMENT_TEXT);
    expect(after.find((d) => d.remoteId === 'long')?.text.split('\n')).toHaveLength(12);
  });
});
