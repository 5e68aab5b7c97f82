// Downloading a file (seed 001 §7, §8, §9): downloadFile, or downloadAttachment for images, with
// { file_url, view_mode: false }; 2 s timeout and 1 retry; 'Downloading file...' (3 s) only when
// the call takes longer than 250 ms; the address it returns opens in a new tab. The three 403
// denials show the seeds' texts for 8 s; anything else 'Failed to download file' (3 s).
import { downloadAttachment, downloadFile } from '../../../../generated/react-query/files/files';
import type { FileDownloadResponse } from '../../../../generated/react-query/model';
import { ApiError } from '../../platform/api-fetch';
import { toast, TOAST_DURATION } from '../../platform/toasts';
import { isImageFile, isPdfFile } from './file-rules';
import { DOWNLOAD_DENIED, FILE_TEXT, type DownloadDenial } from './file-texts';
import { FILE_CALL_RETRIES, retryFileCall } from './use-delete-files';

export const DOWNLOAD_TOAST_DELAY_MS = 250;
export const DOWNLOAD_TIMEOUT_MS = 2_000;
/** Seed 001 §8: the denials stay 8 s. */
export const DOWNLOAD_DENIED_TOAST_MS = 8_000;

export type Downloadable = { file_s3_url: string; is_attachment?: boolean; file_type?: string; filename?: string; name?: string };

/** The words for a failed download: a denial's own text, else the generic one. */
export function downloadErrorText(error: unknown): { text: string; duration: number } {
  const code = error instanceof ApiError && error.status === 403 ? error.code : '';
  return code in DOWNLOAD_DENIED
    ? { text: DOWNLOAD_DENIED[code as DownloadDenial], duration: DOWNLOAD_DENIED_TOAST_MS }
    : { text: FILE_TEXT.downloadFailed, duration: TOAST_DURATION.normal };
}

async function withTimeout<T>(call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), DOWNLOAD_TIMEOUT_MS);
  try {
    return await call(controller.signal);
  } finally {
    clearTimeout(timer);
  }
}

/** The short-lived address of a file, asked with the seeds' timeout and retry. */
export async function fetchDownloadUrl(file: Downloadable): Promise<string> {
  const ask = isImageFile(file) ? downloadAttachment : downloadFile;
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await withTimeout((signal) => ask({ file_url: file.file_s3_url, view_mode: false }, { signal }));
      return (res.data as FileDownloadResponse).file_url;
    } catch (error) {
      if (!retryFileCall(attempt, error) || attempt >= FILE_CALL_RETRIES) throw error;
    }
  }
}

/** Downloads (or, with `page`, opens a PDF at that page) in a new tab; failures become toasts. */
export async function startDownload(file: Downloadable, { page }: { page?: number | null } = {}): Promise<boolean> {
  const slow = setTimeout(() => toast(FILE_TEXT.downloading, { duration: TOAST_DURATION.normal }), DOWNLOAD_TOAST_DELAY_MS);
  try {
    const url = await fetchDownloadUrl(file);
    window.open(page && isPdfFile(file) ? `${url}#page=${page}` : url, '_blank', 'noopener,noreferrer');
    return true;
  } catch (error) {
    const { text, duration } = downloadErrorText(error);
    toast.error(text, { duration });
    return false;
  } finally {
    clearTimeout(slow);
  }
}
