// On a phone-wide screen (below the desktop width) there is no sidebar rail: a bar at the
// bottom holds Home, Spaces, New thread, Library and Menu, and Menu opens the sidebar's panel
// (Discover, account links, settings, sign-in or sign-out) as a drawer from the left.
import { clsx } from 'clsx';
import { House, Library, LayoutGrid, Menu, Plus, type LucideIcon } from '../../ui/icons';
import * as Dialog from 'radix-ui/dialog';
import { type MouseEvent, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { DESKTOP_QUERY, useMediaQuery } from '../../platform/use-media-query';
import { SidebarPanel } from './sidebar';

const itemClass = 'flex flex-col items-center justify-center gap-0.5 py-2 text-[11px] font-medium';

function PhoneLink({ to, label, icon: Icon, end }: { to: string; label: string; icon: LucideIcon; end?: boolean }) {
  return (
    <NavLink
      to={to}
      end={end}
      className={({ isActive }) => clsx(itemClass, isActive ? 'text-neutral-900 dark:text-white' : 'text-neutral-500 dark:text-neutral-400')}
    >
      <Icon aria-hidden className="size-5" />
      {label}
    </NavLink>
  );
}

export function PhoneNav({ onNewThread }: { onNewThread: () => void }) {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const [menu, setMenu] = useState(false);
  const { pathname } = useLocation();
  // A move to another page closes the drawer (set during render, React's pattern for state that
  // follows a changed value, so the closed drawer shows in the same render as the new page).
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenu(false);
  }
  if (desktop) return null;
  // A link or button in the drawer acts, and the drawer gets out of its way (a modal it opens included).
  const closeOnAction = (e: MouseEvent) => {
    if ((e.target as HTMLElement).closest('a, button')) setMenu(false);
  };
  return (
    <Dialog.Root open={menu} onOpenChange={setMenu}>
      <nav
        aria-label="Main"
        className="fixed inset-x-0 bottom-0 z-30 grid min-h-16 grid-cols-5 border-t border-neutral-200 bg-white/95 pb-[env(safe-area-inset-bottom)] dark:border-neutral-800 dark:bg-neutral-950/95"
      >
        <PhoneLink to="/" end label="Home" icon={House} />
        <PhoneLink to="/spaces" label="Spaces" icon={LayoutGrid} />
        <button type="button" onClick={onNewThread} className={clsx(itemClass, 'text-neutral-900 dark:text-white')}>
          <span aria-hidden className="grid size-5 place-items-center rounded-full bg-neutral-900 text-white dark:bg-white dark:text-neutral-900">
            <Plus className="size-3.5" />
          </span>
          New thread
        </button>
        <PhoneLink to="/library" label="Library" icon={Library} />
        {/* The drawer's trigger, so Radix gives focus back to it when the drawer closes. */}
        <Dialog.Trigger className={clsx(itemClass, 'text-neutral-500 dark:text-neutral-400')}>
          <Menu aria-hidden className="size-5" />
          Menu
        </Dialog.Trigger>
      </nav>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-neutral-950/50" />
        <Dialog.Content
          aria-describedby={undefined}
          onClick={closeOnAction}
          className="fixed inset-y-0 left-0 z-40 flex w-72 max-w-[85vw] flex-col gap-1 overflow-y-auto bg-neutral-50 px-2 py-3 shadow-xl dark:bg-neutral-900"
        >
          <Dialog.Title className="sr-only">Menu</Dialog.Title>
          <SidebarPanel open rail={false} onNewThread={onNewThread} newThreadKeys={[]} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
