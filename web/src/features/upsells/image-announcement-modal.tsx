// The image announcement (seed 002 §4): the low-resolution image at once, the full one when it
// has loaded, and the button; an announcement of the browser download does the download.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ModalProps } from '../../platform/modals/types';
import { ModalTitle } from '../../ui/modal-parts';
import { openLink } from './open-link';
import { buttonClassOf, buttonTextOf } from './upsell-card';
import type { UpsellModalArgs } from './upsell-args';
import { useBrowserDownload } from './use-upsell-click';

export default function ImageAnnouncementModal({ args, close }: ModalProps<UpsellModalArgs>) {
  const u = args.upsell;
  const [full, setFull] = useState(false);
  const navigate = useNavigate();
  const download = useBrowserDownload();
  const act = () => {
    close();
    if (u.icon_reference === 'comet_download') download(u);
    else if (u.cta_information.permalink) openLink(u.cta_information.permalink, u.cta_information.permalink_new_tab, navigate);
  };
  return (
    <div className="space-y-4">
      <div className="relative h-48 overflow-hidden rounded-xl bg-neutral-100 dark:bg-neutral-800">
        {u.image_asset_low_res && !full && <img src={u.image_asset_low_res} alt="" className="absolute inset-0 size-full object-cover blur-sm" />}
        {u.image_asset && (
          <img src={u.image_asset} alt="" onLoad={() => setFull(true)} className={`absolute inset-0 size-full object-cover ${full ? '' : 'opacity-0'}`} />
        )}
      </div>
      <ModalTitle>{u.title}</ModalTitle>
      {u.description && <p className="text-sm text-neutral-600 dark:text-neutral-400">{u.description}</p>}
      <div className="flex justify-end">
        <button type="button" className={buttonClassOf(u)} onClick={act}>
          {buttonTextOf(u)}
        </button>
      </div>
    </div>
  );
}
