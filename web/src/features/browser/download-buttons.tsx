// The assistant browser's download buttons (seed 002 §7): a link per platform from the server
// (BROWSER_DOWNLOAD_BASE_URL with channel=stable, the platform, and mini=1 for Windows); each
// click shows 'Comet download started...' for 5 s, and the download starts 250 ms later (seed 003's
// constants), so the toast is there first. Without a configured base URL, it says so.
import type { MouseEvent } from 'react';
import { Download } from '../../ui/icons';
import { useGetBrowserDownloads } from '../../../../generated/react-query/browser/browser';
import type { BrowserDownloads } from '../../../../generated/react-query/model';
import { toast } from '../../platform/toasts';
import { BROWSER_TEXT, DOWNLOAD_START_DELAY_MS, DOWNLOAD_TOAST_MS } from './browser-texts';

function startDownload(event: MouseEvent, url: string) {
  // A plain click: the toast now, the download after the seed's delay (still within the click's
  // activation, so the new tab is not blocked). A modified click (new window, save) stays the browser's.
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  toast(BROWSER_TEXT.downloadStarted, { duration: DOWNLOAD_TOAST_MS });
  setTimeout(() => window.open(url, '_blank', 'noopener,noreferrer'), DOWNLOAD_START_DELAY_MS);
}

export function DownloadButtons() {
  const downloads = useGetBrowserDownloads({ query: { select: (r) => r.data as BrowserDownloads, staleTime: 5 * 60_000 } });
  if (downloads.isPending) return null;
  if (!downloads.data?.configured) return <p role="status">{BROWSER_TEXT.notConfigured}</p>;
  return (
    <div className="flex flex-wrap gap-3">
      {downloads.data.links.map((link) => (
        <a
          key={link.platform}
          href={link.url}
          target="_blank"
          rel="noopener noreferrer"
          className="btn-primary inline-flex items-center gap-2"
          onClick={(event) => startDownload(event, link.url)}
        >
          <Download className="size-4" aria-hidden /> {BROWSER_TEXT.platform[link.platform] ?? link.platform}
        </a>
      ))}
    </div>
  );
}
