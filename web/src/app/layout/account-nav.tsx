// Account links of the sidebar: Account (/account/details) and Imports (My Files, /account/files) for signed-in users, and
// Organization files (/account/org/files) for Enterprise members (seed 003 §2).
import { clsx } from 'clsx';
import { Building2, FolderInput, UserRound } from '../../ui/icons';
import { NavLink } from 'react-router';
import { useSession } from '../../platform/session';

export function AccountNav({ open }: { open: boolean }) {
  const { user } = useSession();
  if (!user) return null;
  const links = [
    { to: '/account/details', label: 'Account', icon: UserRound },
    { to: '/account/files', label: 'Imports', icon: FolderInput },
    ...(user.org_uuid ? [{ to: '/account/org/files', label: 'Organization files', icon: Building2 }] : []),
  ];
  return (
    <nav aria-label="Account" className="flex flex-col gap-0.5">
      {links.map(({ to, label, icon: Icon }) => (
        <NavLink
          key={to}
          to={to}
          title={label}
          className={({ isActive }) =>
            clsx(
              'flex items-center gap-3 rounded-lg py-2 text-sm text-neutral-600 hover:bg-neutral-200/50 hover:text-neutral-900 dark:text-neutral-400 dark:hover:bg-neutral-800/70 dark:hover:text-neutral-100',
              open ? 'px-3' : 'justify-center',
              isActive && 'font-medium text-neutral-900 dark:text-white',
            )
          }
        >
          <Icon className="size-4 shrink-0" />
          <span className={open ? '' : 'sr-only'}>{label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
