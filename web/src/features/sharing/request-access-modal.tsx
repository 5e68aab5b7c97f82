// The "request access" modal of the seeds' modal list: the same panel as the private thread page.
import type { ModalProps } from '../../app/modals/types';
import { RequestAccess } from './request-access';

export type RequestAccessArgs = { slug: string };

export default function RequestAccessModal({ args, close }: ModalProps<RequestAccessArgs>) {
  return <RequestAccess slug={args.slug} onBack={close} />;
}
