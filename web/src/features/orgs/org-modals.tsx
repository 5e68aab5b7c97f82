// Two organisation modals of seed 000: "company data privacy", where an organisation's data goes
// on this server (true to its configuration: the model and the web search it really uses), and
// "member set tier", which this product answers plainly: an organisation's plan covers every
// member alike, so there is no tier to set per member.
import { Link } from 'react-router';
import type { ModalProps } from '../../platform/modals/types';
import { useServerFeatures } from '../../platform/server-features';
import { useSession } from '../../platform/session';
import { ModalTitle } from '../../ui/modal-parts';

function CloseRow({ close }: { close: () => void }) {
  return (
    <div className="flex justify-end">
      <button type="button" className="btn-secondary" onClick={close}>
        Close
      </button>
    </div>
  );
}

export function CompanyDataPrivacyModal({ close }: ModalProps) {
  const features = useServerFeatures();
  return (
    <div className="space-y-4">
      <ModalTitle>Company data privacy</ModalTitle>
      <ul className="list-inside list-disc space-y-2 text-sm text-neutral-600 dark:text-neutral-400">
        <li>Threads, Spaces, files, memories and connected sources are stored on this server, in its own database and storage.</li>
        <li>
          {features?.answer_model === 'llm'
            ? 'To answer, a question, the conversation before it and the passages and memories it draws on are sent to the language model this server is configured with.'
            : 'Answers are composed on this server by its offline model: questions are not sent to any model provider.'}
        </li>
        <li>
          {features?.web_search
            ? 'A web search sends the question to the search engine this server is configured with, unless your organisation turns web search off.'
            : 'This server does not search the web: questions stay on it.'}
        </li>
        <li>An organisation's administrators set its policies for web search and file downloads, and see usage insights without reading anyone's threads.</li>
        <li>
          Each person can export their data or delete their account under <span className="font-medium">Account</span>.
        </li>
      </ul>
      <CloseRow close={close} />
    </div>
  );
}

export function MemberSetTierModal({ close }: ModalProps) {
  const { user } = useSession();
  return (
    <div className="space-y-4">
      <ModalTitle>Member tier</ModalTitle>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        On this server an organisation's plan covers every member alike: there is no tier to set for one member. Members get the plan the organisation pays for
        as soon as they join; roles (owner, admin, member) decide who manages it.
      </p>
      {user?.plan_organization && (
        <p className="text-sm">
          <Link to="/account/org/billing" onClick={close} className="underline">
            Organisation billing
          </Link>{' '}
          ·{' '}
          <Link to="/account/org/members" onClick={close} className="underline">
            Members and roles
          </Link>
        </p>
      )}
      <CloseRow close={close} />
    </div>
  );
}
