import { describe, expect, it } from 'vitest';
import type { OrgInsights } from '../../../../generated/react-query/model';
import { isEmptyMetric, noDataText } from './insights-page';

const day = (questions: number) => ({ day: '2026-01-01', questions, active_members: 0, files_indexed: 0, failed_citation_answers: 0 });
const insights = (series: ReturnType<typeof day>[]): OrgInsights => ({
  days: 7,
  series,
  totals: { questions: series.reduce((n, d) => n + d.questions, 0), active_members: 0, files_indexed: 0, failed_citation_answers: 0 },
  top_spaces: [],
});

describe('an insights metric', () => {
  it('is empty when no day of the period counted anything, and charted as soon as one did', () => {
    expect(isEmptyMetric(insights([day(0), day(0)]), 'questions')).toBe(true);
    expect(isEmptyMetric(insights([day(0), day(3)]), 'questions')).toBe(false);
    expect(noDataText(7)).toBe('No data yet: nothing was counted in the last 7 days.');
  });
});
