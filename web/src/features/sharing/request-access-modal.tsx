// The "request access" modal of the seeds' modal list: the same panel as the private thread page.
import type { ModalProps } from '../../platform/modals/types';
import { RequestAccess } from './request-access';
import type { RequestAccessArgs } from './sharing-args';

export default function RequestAccessModal({ args, close }: ModalProps<RequestAccessArgs>) {
  return <RequestAccess slug={args.slug} onBack={close} />;
}
