// The 'platform options' modal (seed 000): where this product can be used. A self-hosted server
// offers its web app and its browser extension (served by this server, loaded unpacked); the
// platforms it does not offer (desktop and phone apps, other browsers' extensions, messaging) are
// named plainly, so nobody looks for a download that does not exist.
import type { ModalProps } from '../../platform/modals/types';
import { ModalTitle } from '../../ui/modal-parts';
import { ExtensionInstallSteps } from './install-extension-modal';

export default function PlatformOptionsModal({ close }: ModalProps) {
  return (
    <div className="flex flex-col gap-4">
      <ModalTitle>Platform options</ModalTitle>
      <section aria-labelledby="platform-web" className="flex flex-col gap-1.5">
        <h3 id="platform-web" className="text-sm font-semibold">
          On the web
        </h3>
        <p className="text-sm">This site, in any current browser on a computer, tablet or phone. Nothing to install.</p>
      </section>
      <section aria-labelledby="platform-extension" className="flex flex-col gap-2">
        <h3 id="platform-extension" className="text-sm font-semibold">
          Browser extension for Chrome, Edge, Brave and other Chromium browsers
        </h3>
        <p className="text-sm">It lets the agent work in your own tabs when you ask it to, asking you before anything that spends money or sends a message.</p>
        <ExtensionInstallSteps />
      </section>
      <section aria-labelledby="platform-not-offered" className="flex flex-col gap-1.5">
        <h3 id="platform-not-offered" className="text-sm font-semibold">
          Not offered by this server
        </h3>
        <p className="text-sm">
          There is no Windows or Mac app, no iPhone or Android app, no extension for Firefox or Safari, and no WhatsApp number. On those, use this site in the
          browser.
        </p>
      </section>
      <div className="flex justify-end">
        <button type="button" className="btn-secondary" onClick={close}>
          Close
        </button>
      </div>
    </div>
  );
}
