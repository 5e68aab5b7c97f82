// The sidebar on a desktop-wide screen: full width when pinned open, an icon rail when
// collapsed. Unpinned, the rail opens over the page while the pointer or focus is on it. Both
// states live in settings. On a phone there is no rail: the phone navigation opens the same
// panel as a drawer.
import { clsx } from 'clsx';
import { Compass, EyeOff, House, Library, LayoutGrid, PanelLeftClose, PanelLeftOpen, Pin, PinOff, Plus, Settings } from '../../ui/icons';
import { useState, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { updateSettings, useSettings } from '../../platform/settings/store';
import { DESKTOP_QUERY, useMediaQuery } from '../../platform/use-media-query';
import { Account } from './account';
import { ReportBugButton } from '../../features/bug-report/report-bug-button';
import { AutomationsButton } from '../../features/tasks/automations-button';
import { AccountNav } from './account-nav';
import { Brand } from './brand';
import { UpsellSlot } from '../../features/upsells/upsell-slot';
import { NotificationBell } from '../../features/notifications/notification-bell';

export const NAV = [
  { to: '/', label: 'Home', icon: House, end: true },
  { to: '/discover', label: 'Discover', icon: Compass },
  { to: '/spaces', label: 'Spaces', icon: LayoutGrid },
  { to: '/library', label: 'Library', icon: Library },
];

export function Sidebar({ onNewThread, newThreadKeys }: { onNewThread: () => void; newThreadKeys: string[] }) {
  const { sidebarCollapsed, sidebarPinned } = useSettings();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const [peek, setPeek] = useState(false);
  if (!desktop) return null;
  const open = sidebarPinned ? !sidebarCollapsed : peek;
  const floating = open && !sidebarPinned;

  return (
    // The rail keeps its width in the page while an unpinned sidebar floats over it.
    <div className={clsx('relative shrink-0', open && !floating ? 'w-64' : 'w-16')}>
      <aside
        aria-label="Sidebar"
        data-state={open ? 'open' : 'collapsed'}
        onMouseEnter={() => setPeek(true)}
        onMouseLeave={() => setPeek(false)}
        onFocus={() => setPeek(true)}
        onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setPeek(false)}
        className={clsx(
          'fixed inset-y-0 left-0 z-30 flex flex-col gap-1 border-r border-neutral-200 bg-neutral-50 px-2 py-3 transition-[width] duration-150 dark:border-neutral-800 dark:bg-neutral-900',
          open ? 'w-64' : 'w-16',
          floating && 'shadow-xl',
        )}
      >
        <SidebarPanel open={open} rail onNewThread={onNewThread} newThreadKeys={newThreadKeys} />
      </aside>
    </div>
  );
}

/** What the sidebar holds; `rail` adds the desktop's pin and collapse controls and key hints. */
export function SidebarPanel({ open, rail, onNewThread, newThreadKeys }: { open: boolean; rail: boolean; onNewThread: () => void; newThreadKeys: string[] }) {
  const { sidebarPinned, incognito } = useSettings();
  return (
    <>
      <div className={clsx('mb-2 flex items-center', open ? 'justify-between px-2' : 'justify-center')}>
        <Brand compact={!open} />
        {open && rail && (
          <div className="flex items-center">
            <IconButton
              label={sidebarPinned ? 'Unpin sidebar' : 'Pin sidebar'}
              onClick={() => updateSettings({ sidebarPinned: !sidebarPinned, sidebarCollapsed: false })}
            >
              {sidebarPinned ? <PinOff className="size-4" /> : <Pin className="size-4" />}
            </IconButton>
            {sidebarPinned && (
              <IconButton label="Collapse sidebar" onClick={() => updateSettings({ sidebarCollapsed: true })}>
                <PanelLeftClose className="size-4" />
              </IconButton>
            )}
          </div>
        )}
      </div>
      {!open && rail && sidebarPinned && (
        <IconButton label="Expand sidebar" onClick={() => updateSettings({ sidebarCollapsed: false })} className="mx-auto mb-1">
          <PanelLeftOpen className="size-4" />
        </IconButton>
      )}
      <button
        type="button"
        onClick={onNewThread}
        title="New thread"
        className={clsx(
          'mb-3 flex items-center gap-2 rounded-full border border-neutral-200 bg-white py-2 text-sm font-medium shadow-xs transition-colors hover:border-neutral-300 dark:border-neutral-700 dark:bg-neutral-800 dark:hover:border-neutral-600',
          open ? 'px-3' : 'mx-auto size-10 justify-center px-0',
        )}
      >
        <Plus className="size-4 shrink-0" />
        {open ? <span className="flex-1 text-left">New thread</span> : <span className="sr-only">New thread</span>}
        {open && rail && (
          <span className="flex gap-0.5">
            {newThreadKeys.map((k) => (
              <kbd key={k}>{k}</kbd>
            ))}
          </span>
        )}
      </button>

      <nav aria-label="Main" className="flex flex-col gap-0.5">
        {NAV.map(({ to, label, icon: Icon, end }) => (
          <NavLink
            key={to}
            to={to}
            end={end}
            title={label}
            className={({ isActive }) =>
              clsx(
                'flex items-center gap-3 rounded-lg py-2 text-sm transition-colors',
                open ? 'px-3' : 'justify-center',
                isActive
                  ? 'bg-neutral-200/70 font-medium text-neutral-900 dark:bg-neutral-800 dark:text-white'
                  : 'text-neutral-600 hover:bg-neutral-200/50 hover:text-neutral-900 dark:text-neutral-400 dark:hover:bg-neutral-800/70 dark:hover:text-neutral-100',
              )
            }
          >
            <Icon className="size-4 shrink-0" />
            <span className={open ? '' : 'sr-only'}>{label}</span>
          </NavLink>
        ))}
      </nav>

      <div className="flex-1" />
      {open && <UpsellSlot location="sidebar" compact className="mb-2" />}
      {incognito && (
        <p
          role="status"
          className={clsx(
            'mb-1 flex items-center gap-2 rounded-lg bg-neutral-900 py-1.5 text-xs font-medium text-white dark:bg-white dark:text-neutral-900',
            open ? 'px-3' : 'justify-center',
          )}
        >
          <EyeOff className="size-3.5 shrink-0" />
          <span className={open ? '' : 'sr-only'}>Incognito</span>
        </p>
      )}
      <NotificationBell open={open} />
      <AutomationsButton open={open} />
      <AccountNav open={open} />
      <ReportBugButton open={open} />
      <NavLink
        to="/settings"
        title="Settings"
        className={({ isActive }) =>
          clsx(
            'flex items-center gap-3 rounded-lg py-2 text-sm text-neutral-600 hover:bg-neutral-200/50 hover:text-neutral-900 dark:text-neutral-400 dark:hover:bg-neutral-800/70 dark:hover:text-neutral-100',
            open ? 'px-3' : 'justify-center',
            isActive && 'font-medium text-neutral-900 dark:text-white',
          )
        }
      >
        <Settings className="size-4 shrink-0" />
        <span className={open ? '' : 'sr-only'}>Settings</span>
      </NavLink>
      <Account compact={!open} />
    </>
  );
}

function IconButton({ label, onClick, children, className }: { label: string; onClick: () => void; children: ReactNode; className?: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className={clsx(
        'rounded-lg p-1.5 text-neutral-500 hover:bg-neutral-200/70 hover:text-neutral-900 dark:hover:bg-neutral-800 dark:hover:text-neutral-100',
        className,
      )}
    >
      {children}
    </button>
  );
}
