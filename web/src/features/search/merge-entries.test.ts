// A thread loaded from the server knows its Research reports by the server's mark, not by how the
// answer looks: a marked entry is a report whatever its text, an unmarked plain answer is not.
import { describe, expect, it } from 'vitest';
import type { Thread, ThreadEntry } from '../../../../generated/react-query/model';
import { isResearchReport } from '../research/is-report';
import { mergeEntries } from './thread-page';

const entry = (over: Partial<ThreadEntry>): ThreadEntry => ({
  backend_uuid: crypto.randomUUID(),
  query_str: 'q',
  status: 'completed',
  answer: 'A plain answer.',
  sources: [],
  related_questions: [],
  model: 'offline-extractive',
  created_at: new Date(0).toISOString(),
  ...over,
});

describe('entries loaded from the server', () => {
  it('a report marked by the server is shown as one; an unmarked answer is not', () => {
    const marked = entry({ research_report: true, status: 'pending', answer: '' });
    const plain = entry({});
    const thread = { context_uuid: 'c', entries: [marked, plain] } as unknown as Thread;
    const { entries } = mergeEntries('slug', thread, {});
    expect(entries.map((e) => isResearchReport(e))).toEqual([true, false]);
  });
});
