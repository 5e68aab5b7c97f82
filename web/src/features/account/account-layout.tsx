// The account area (/account/*): its navigation of the fourteen sections beside the section's
// page; on a phone the navigation is a row above it. Enterprise has no page: only a lock marker.
// Under it, the organisation: its settings for a member, how to create one for anyone else.
import { clsx } from 'clsx';
import { Lock } from '../../ui/icons';
import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { useSession } from '../../platform/session';
import { CREATE_ORG } from '../orgs/create-org-link';
import { ACCOUNT_SECTIONS } from './sections';

export default function AccountLayout() {
  const { user } = useSession();
  const orgUuid = user?.org_uuid;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 md:flex-row md:py-12">
      <div className="md:w-52 md:shrink-0">
        <nav aria-label="Account sections">
          <ul className="flex gap-1 overflow-x-auto md:flex-col md:overflow-visible">
            {ACCOUNT_SECTIONS.map((s) => (
              <li key={s.path}>
                <NavLink
                  to={s.path}
                  className={({ isActive }) =>
                    clsx(
                      'block whitespace-nowrap rounded-lg px-3 py-1.5 text-sm text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900 dark:text-neutral-400 dark:hover:bg-neutral-800 dark:hover:text-white',
                      isActive && 'bg-neutral-100 font-medium text-neutral-900 dark:bg-neutral-800 dark:text-white',
                    )
                  }
                >
                  {s.label}
                </NavLink>
              </li>
            ))}
            <li>
              <span className="flex items-center gap-1.5 whitespace-nowrap px-3 py-1.5 text-sm text-neutral-400 dark:text-neutral-500">
                Enterprise <Lock aria-label="Locked" className="size-3.5" />
              </span>
            </li>
          </ul>
        </nav>
        {/* The organisation area from here (Enterprise stays a lock marker, as the seed has it): a
            member reaches its settings, anyone else signed in how to create one. */}
        {user && (
          <nav aria-label="Organisation" className="mt-4 border-t border-neutral-200 pt-4 dark:border-neutral-800">
            <NavLink
              to={orgUuid ? '/account/org/details' : CREATE_ORG.to}
              className="block whitespace-nowrap rounded-lg px-3 py-1.5 text-sm text-neutral-600 hover:bg-neutral-100 dark:text-neutral-400 dark:hover:bg-neutral-800"
            >
              {orgUuid ? 'Organisation settings' : CREATE_ORG.label}
            </NavLink>
          </nav>
        )}
      </div>
      <div className="min-w-0 flex-1">
        {/* The navigation stays while a section's code loads. */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
