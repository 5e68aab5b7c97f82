// What a click on an upsell does, by its kind (seed 002 §4 "Upsell click handling"). Each click
// first marks the upsell as interacted; the server records it with the place it was shown.
import { useNavigate } from 'react-router';
import type { Upsell } from '../../../../generated/react-query/model';
import { useModals } from '../../platform/modals/context';
import { IS_INSTALL_SIDECAR } from '../../platform/environment';
import { useSession } from '../../platform/session';
import { useConnectorUpsell } from './connector-upsell';
import { openLink } from './open-link';
import { isMaxUser, PRICING_PATH } from './plan';
import { useMarkInteracted } from './use-upsells';

export type UpsellPlace = {
  /** The thread shown (its context_uuid), for thread-to-Space. */
  threadId?: string | null;
  /** Asks the thread's last question again with this model (rewrite answer). */
  onRewrite?: (model: string | null) => void;
};

/** A connector upsell naming a connector this server does not offer. */
export const CONNECTOR_NOT_OFFERED = 'This server does not offer that connector.';

/** The browser download: the upsell's link when it has one, else the download instructions. */
export function useBrowserDownload() {
  const modals = useModals();
  const navigate = useNavigate();
  return (u: Upsell) => {
    const link = u.cta_information.permalink;
    if (link) openLink(link, u.cta_information.permalink_new_tab, navigate);
    else modals.open('browserDownloadInstructions');
  };
}

export function useUpsellClick(place: UpsellPlace = {}) {
  const modals = useModals();
  const navigate = useNavigate();
  const { user } = useSession();
  const mark = useMarkInteracted();
  const download = useBrowserDownload();
  const connect = useConnectorUpsell();

  const act = (u: Upsell) => {
    switch (u.upsell_type) {
      case 'login':
        if (!IS_INSTALL_SIDECAR) modals.open('login', { origin: `upsell-${u.app_location}`, title: u.title });
        return;
      case 'pro_upgrade':
      case 'enterprise_upgrade':
        if (!user || isMaxUser(user)) return;
        navigate(u.upsell_type === 'enterprise_upgrade' ? `${PRICING_PATH}?segment=business` : PRICING_PATH);
        return;
      case 'thread_to_space':
        if (!place.threadId) return;
        if (!user) modals.open('login', { origin: `upsell-${u.app_location}`, title: 'Sign in to organise answers in Spaces' });
        else modals.open('spaceCreate', { entryUuid: place.threadId });
        return;
      case 'connector':
      case 'merge_auth_connector':
        if (!user) modals.open('login', { origin: `upsell-${u.app_location}`, title: u.title });
        else connect(u);
        return;
      case 'rewrite_answer':
        place.onRewrite?.(u.rewrite_model);
        return;
      case 'permalink':
        if (u.cta_information.permalink) openLink(u.cta_information.permalink, u.cta_information.permalink_new_tab, navigate);
        return;
      case 'set_default_browser':
      case 'browser_download':
        download(u);
        return;
      case 'image_announcement':
        modals.open('announcementImage', { upsell: u });
        return;
      case 'shortcut':
        modals.open('upsellShortcut', { upsell: u });
        return;
      case 'student_verification':
        modals.open('studentVerification');
        return;
    }
  };

  return (u: Upsell) => {
    void mark(u);
    act(u);
  };
}
