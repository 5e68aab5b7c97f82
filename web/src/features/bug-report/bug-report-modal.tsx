// The bug report modal (seed 000 §2 "Bug report", §5): what went wrong (required: Submit stays
// disabled while it is blank, "Please describe the bug"), one of nine categories and an assignee's
// address (both optional), and the page's address sent along. The server files it in its tracker
// (POST /webhooks/{debugger_hook}/web, 10 s at most); the issue then opens in a new tab. A server
// with no tracker says so instead of offering a form that cannot work.
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { submitBugReport } from '../../../../generated/react-query/bug-report/bug-report';
import type { BugReportCategory } from '../../../../generated/react-query/model';
import type { ModalProps } from '../../platform/modals/types';
import { useServerFeatures } from '../../platform/server-features';
import { toast, TOAST_DURATION } from '../../platform/toasts';
import { ModalTitle } from '../../ui/modal-parts';
import { BUG_REPORT_CATEGORIES, DESCRIBE_THE_BUG, isBlank } from './bug-report-rules';

/** Seed 000 §9: "Bug report timeout 10 s." */
export const BUG_REPORT_TIMEOUT_MS = 10_000;
export const BUG_REPORT_FAILED = 'Failed to submit bug report. Please try again.';
export const BUG_REPORTS_OFF = 'Bug reports are not set up on this server.';

type Report = { bug_text: string; email: string; category: BugReportCategory | '' };

export default function BugReportModal({ close }: ModalProps) {
  const features = useServerFeatures();
  return (
    <div className="space-y-4">
      <ModalTitle>Report a bug</ModalTitle>
      {!features ? (
        <p className="text-sm text-neutral-500">Loading…</p>
      ) : features.bug_reports && features.bug_report_hook ? (
        <BugReportForm hook={features.bug_report_hook} close={close} />
      ) : (
        <>
          <p className="text-sm text-neutral-600 dark:text-neutral-400">{BUG_REPORTS_OFF} Its administrator can connect a tracker (Linear or GitHub issues).</p>
          <div className="flex justify-end">
            <button type="button" className="btn-secondary" onClick={close}>
              Close
            </button>
          </div>
        </>
      )}
    </div>
  );
}

function BugReportForm({ hook, close }: { hook: string; close: () => void }) {
  const ids = { text: useId(), hint: useId() };
  const [report, setReport] = useState<Report>({ bug_text: '', email: '', category: '' });
  const page = window.location.href;
  const send = useMutation({
    mutationFn: async (r: Report) =>
      (
        await submitBugReport(
          hook,
          { bug_text: r.bug_text, url: page, email: r.email.trim() || null, category: r.category || null },
          { timeoutMs: BUG_REPORT_TIMEOUT_MS },
        )
      ).data,
    onSuccess: (answer) => {
      if (!('linear_url' in answer) || answer.status !== 'success') return void toast.error(BUG_REPORT_FAILED, { duration: TOAST_DURATION.long });
      window.open(answer.linear_url, '_blank', 'noopener,noreferrer');
      // The tab may be blocked (the answer comes after the click): the toast keeps the issue at hand.
      toast('Bug report submitted.', {
        duration: TOAST_DURATION.long,
        action: { label: 'Open issue', onClick: () => window.open(answer.linear_url, '_blank', 'noopener,noreferrer') },
      });
      close();
    },
    onError: () => toast.error(BUG_REPORT_FAILED, { duration: TOAST_DURATION.long }),
  });
  const blank = isBlank(report.bug_text);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!blank && !send.isPending) send.mutate(report);
  };
  const set = (part: Partial<Report>) => setReport((r) => ({ ...r, ...part }));

  return (
    <form onSubmit={submit} aria-label="Bug report" className="space-y-3">
      <div>
        <label htmlFor={ids.text} className="label">
          What went wrong?
        </label>
        <textarea
          id={ids.text}
          // biome-ignore lint/a11y/noAutofocus: the dialog opens to write the report; focus lands where the words go
          autoFocus
          rows={5}
          maxLength={20_000}
          placeholder={DESCRIBE_THE_BUG}
          aria-describedby={blank ? ids.hint : undefined}
          value={report.bug_text}
          onChange={(e) => set({ bug_text: e.target.value })}
          className="field resize-y"
        />
        {blank && (
          <p id={ids.hint} className="mt-1 text-xs text-neutral-500 dark:text-neutral-400">
            {DESCRIBE_THE_BUG}
          </p>
        )}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="block">
          <span className="label">Category (optional)</span>
          <select value={report.category} onChange={(e) => set({ category: e.target.value as Report['category'] })} className="field">
            <option value="">No category</option>
            {BUG_REPORT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label className="block">
          <span className="label">Assignee email (optional)</span>
          <input type="email" maxLength={254} autoComplete="off" value={report.email} onChange={(e) => set({ email: e.target.value })} className="field" />
        </label>
      </div>
      <p className="break-all text-xs text-neutral-500 dark:text-neutral-400">This page's address is sent with the report: {page}</p>
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={close}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={blank || send.isPending}>
          {send.isPending ? 'Submitting…' : 'Submit'}
        </button>
      </div>
    </form>
  );
}
