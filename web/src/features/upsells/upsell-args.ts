// Arguments of the upsell modals (the modal location's upsell, the image announcement, the
// recommended shortcut).
import type { Upsell } from '../../../../generated/react-query/model';

export type UpsellModalArgs = { upsell: Upsell };
