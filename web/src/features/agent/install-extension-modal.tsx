// The 'install' and 'browser download instructions' modals: how to add this server's browser
// extension, which the agent ("Do it in my browser") and the browser bridge need. The zip is served
// by this server (/extension.zip, built by `make build`); it loads unpacked in Chrome and other
// Chromium browsers (version 116 or later).
import type { ModalProps } from '../../platform/modals/types';
import { ModalTitle } from '../../ui/modal-parts';

export const EXTENSION_ZIP_PATH = '/extension.zip';

export default function InstallExtensionModal({ close }: ModalProps) {
  return <Instructions title="Install the browser extension" close={close} />;
}

/** The browser download: on a self-hosted server, the person's own Chromium browser with this extension. */
export function BrowserDownloadInstructionsModal({ close }: ModalProps) {
  return (
    <Instructions
      title="Download the browser"
      close={close}
      intro="This server’s browser is your own Chrome (or another Chromium browser) with its extension."
    />
  );
}

function Instructions({ title, intro, close }: { title: string; intro?: string; close: () => void }) {
  return (
    <div className="flex flex-col gap-4">
      <ModalTitle>{title}</ModalTitle>
      {intro && <p className="text-sm">{intro}</p>}
      <p className="text-sm">
        The extension lets the agent work in your own tabs when you ask it to: reading pages, clicking, typing and filling in forms, asking you before anything
        that spends money, sends a message or submits your details.
      </p>
      <ExtensionInstallSteps />
      <div className="flex justify-end">
        <button type="button" className="btn-secondary" onClick={close}>
          Close
        </button>
      </div>
    </div>
  );
}

/** Where the extension is and how to load it: shared by the install modals and the platform options. */
export function ExtensionInstallSteps() {
  return (
    <>
      <ol className="list-decimal space-y-1.5 pl-5 text-sm">
        <li>
          <a className="underline" href={EXTENSION_ZIP_PATH} download>
            Download the extension
          </a>{' '}
          and unzip it into a folder you keep.
        </li>
        <li>
          In Chrome, Edge, Brave or another Chromium browser (version 116 or later), open <code>chrome://extensions</code>.
        </li>
        <li>Turn on Developer mode (top right).</li>
        <li>Choose “Load unpacked” and pick the unzipped folder.</li>
        <li>Come back to this page and reload it: “Do it in my browser” appears under answers.</li>
      </ol>
      <p className="text-xs text-neutral-500 dark:text-neutral-400">
        For the agent to read local files (file:// tabs), turn on “Allow access to file URLs” in the extension’s details.
      </p>
    </>
  );
}
