// The file uploader banner (seed 001 §2): "shown only when the error count is above 0".
import { AlertTriangle } from '../../ui/icons';

export function uploaderBannerText(errorFiles: number) {
  return `${errorFiles} ${errorFiles === 1 ? 'file' : 'files'} could not be indexed. Retry, or delete and upload again.`;
}

export function UploaderBanner({ errorFiles, onRetryAll, busy }: { errorFiles: number; onRetryAll?: () => void; busy?: boolean }) {
  if (errorFiles <= 0) return null;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-2xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
    >
      <AlertTriangle aria-hidden className="size-4 shrink-0" />
      <p className="flex-1">{uploaderBannerText(errorFiles)}</p>
      {onRetryAll && (
        <button type="button" className="btn-secondary !py-1" disabled={busy} onClick={onRetryAll}>
          Retry all
        </button>
      )}
    </div>
  );
}
