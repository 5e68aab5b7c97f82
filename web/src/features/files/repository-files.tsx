// The body of a files page (My Files, organisation files): a summary line, the Add files menu
// (local files and the file connectors), the uploader banner when files failed, the connector
// files when there are any, and the directory.
import type { ReactNode } from 'react';
import type { FileRepositorySummary } from '../../../../generated/react-query/model';
import { FileDirectory } from './file-directory';
import { AddFilesMenu } from './upload/add-files-menu';
import type { RepositoryRef } from './file-keys';
import { useFileSummary } from './file-queries';
import { UploaderBanner } from './uploader-banner';
import { useResyncFiles } from './use-resync-files';
import { useFileConnectors } from '../connectors/use-file-connectors';
import { ConnectorFiles } from '../connectors/connector-files';

export function summaryText(s: FileRepositorySummary) {
  const parts = [`${s.total_files} ${s.total_files === 1 ? 'file' : 'files'}`];
  if (s.pending_files > 0) parts.push(`${s.pending_files} processing`);
  if (s.error_files > 0) parts.push(`${s.error_files} failed`);
  return parts.join(' · ');
}

export function RepositoryFiles({ repo, title, intro, aside }: { repo: RepositoryRef; title: string; intro: string; aside?: ReactNode }) {
  const summary = useFileSummary(repo);
  const { retryAllFailed, isPending } = useResyncFiles(repo);
  const connectors = useFileConnectors(repo);
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:py-10">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="text-sm text-neutral-600 dark:text-neutral-400">{intro}</p>
          <p data-testid="file-summary" className="text-sm text-neutral-500 dark:text-neutral-400" aria-live="polite">
            {summary.data ? summaryText(summary.data) : '\u00a0'}
          </p>
        </div>
        <AddFilesMenu repository={repo} connectors={connectors} primary />
      </header>
      {aside}
      {connectors?.some((c) => c.connected) ? <ConnectorFiles repository={repo} /> : null}
      <UploaderBanner errorFiles={summary.data?.error_files ?? 0} onRetryAll={retryAllFailed} busy={isPending} />
      <FileDirectory repo={repo} canChange />
    </div>
  );
}
