import {
  AREAS,
  AREA_PATHS,
  canAccessArea,
  DEFAULT_ACCESS_TABLE,
  type AccessTable,
} from './access-table';
import type { Role } from './roles';

export type NavItem = { path: string; label: string };

const CALCULATOR: NavItem = { path: '/calculator', label: 'Calculator' };

/** Navigation bar per role, exactly the spec's lists and order. */
export const NAV_BY_ROLE: Record<Role, NavItem[]> = {
  admin: [
    { path: '/admin', label: 'Dashboard' },
    { path: '/customers', label: 'Customers' },
    { path: '/dispatch', label: 'Dispatch' },
    { path: '/settings', label: 'Settings' },
  ],
  dispatcher: [
    { path: '/dispatch', label: 'Dispatch' },
    { path: '/jobs', label: 'Jobs' },
    { path: '/timeline', label: 'Timeline' },
    { path: '/search', label: 'Search' },
  ],
  driver: [
    { path: '/driver', label: 'Dashboard' },
    { path: '/driver/jobs', label: 'Jobs' },
    { path: '/driver/history', label: 'History' },
    // Issue 11: the driver's papers and what is shared with drivers.
    { path: '/driver/documents', label: 'Documents' },
  ],
  // The spec names no nav for operator; it shares the no-role view until an
  // admin grants it areas.
  operator: [CALCULATOR],
};

/**
 * Roles that read the business documents shared with them in a dialog from
 * the header (decision 40): those without a documents screen of their own.
 * Admins have the Document Manager, drivers their Documents page; the
 * spec's nav lists and route table stay as they are.
 */
export function readsSharedDocumentsInDialog(role: Role | null): boolean {
  return role === 'dispatcher' || role === 'operator';
}

export function navItemsFor(role: Role | null): NavItem[] {
  return role === null ? [CALCULATOR] : NAV_BY_ROLE[role];
}

/**
 * The spec highlights an item when the current path starts with its path. On
 * /driver/jobs both '/driver' and '/driver/jobs' match; we highlight only the
 * longest match so a page never shows two active items (docs/decisions.md).
 */
export function activeNavPath(items: NavItem[], pathname: string): string | null {
  const matches = items.filter(
    (item) => pathname === item.path || pathname.startsWith(`${item.path}/`),
  );
  matches.sort((a, b) => b.path.length - a.path.length);
  return matches[0]?.path ?? null;
}

/** Where a role lands after sign-in: its first nav item. */
export function homePathFor(role: Role | null): string {
  return navItemsFor(role)[0]?.path ?? '/calculator';
}

/**
 * Where the dispatch screen's Exit goes. The spec sends it to '/admin', which
 * is right for whoever may open the dashboard; a dispatcher, who may not,
 * goes to the next page of their own navigation (Jobs) rather than to
 * 'Unauthorized' (decision 226).
 */
export function dispatchExitPath(
  role: Role | null,
  table: AccessTable = DEFAULT_ACCESS_TABLE,
): string {
  if (canAccessArea(role, 'admin', table)) return AREA_PATHS.admin;
  const mayOpen = (path: string) => {
    const area = AREAS.find((candidate) => AREA_PATHS[candidate] === path);
    return area === undefined || canAccessArea(role, area, table);
  };
  const next = navItemsFor(role).find(
    (item) => item.path !== AREA_PATHS.dispatch && mayOpen(item.path),
  );
  return next?.path ?? CALCULATOR.path;
}
