// The organisation area (/account/org/*): its navigation of seven sections beside the section's
// page; on a phone the navigation is a row above it.
import { clsx } from 'clsx';
import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { ORG_SECTIONS } from './org-sections';

export default function OrgLayout() {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 md:flex-row md:py-12">
      <nav aria-label="Organization sections" className="md:w-52 md:shrink-0">
        <p className="px-3 pb-2 text-xs font-medium uppercase tracking-wide text-neutral-500 dark:text-neutral-400">Organization</p>
        <ul className="flex gap-1 overflow-x-auto md:flex-col md:overflow-visible">
          {ORG_SECTIONS.map((s) => (
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
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
