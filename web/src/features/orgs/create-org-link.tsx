// Where someone in no organisation goes to start one: the organisation area's first page, which
// offers the form (OrgGate). Linked from the account area, the share menu and a Space's access.
import { Link } from 'react-router';

export const CREATE_ORG = { label: 'Create an organisation', to: '/account/org/details' } as const;

export function CreateOrgLink({ className, text = CREATE_ORG.label }: { className?: string; text?: string }) {
  return (
    <Link to={CREATE_ORG.to} className={className ?? 'font-medium text-teal-700 underline-offset-2 hover:underline dark:text-teal-400'}>
      {text}
    </Link>
  );
}
