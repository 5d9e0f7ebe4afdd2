import { ROLES, type Role } from './role-names';

/**
 * Protected areas of the app. Each area is a top-level path; access to an area
 * is granted to the roles listed for it in the access table. The table is data
 * (an admin may edit it); the default is the spec's exact-match rule.
 */
export const AREAS = [
  'admin',
  'customers',
  'settings',
  'dispatch',
  'jobs',
  'timeline',
  'search',
  'driver',
] as const;
export type Area = (typeof AREAS)[number];

export const AREA_PATHS: Record<Area, string> = {
  admin: '/admin',
  customers: '/customers',
  settings: '/settings',
  dispatch: '/dispatch',
  jobs: '/jobs',
  timeline: '/timeline',
  search: '/search',
  driver: '/driver',
};

export type AccessTable = Record<Area, Role[]>;

export const DEFAULT_ACCESS_TABLE: AccessTable = {
  admin: ['admin'],
  customers: ['admin'],
  settings: ['admin'],
  dispatch: ['dispatcher'],
  jobs: ['dispatcher'],
  timeline: ['dispatcher'],
  search: ['dispatcher'],
  driver: ['driver'],
};

export function canAccessArea(
  role: Role | null | undefined,
  area: Area,
  table: AccessTable = DEFAULT_ACCESS_TABLE,
): boolean {
  return role != null && table[area].includes(role);
}

export type PathAccess = 'allowed' | 'sign-in' | 'unauthorized';

/**
 * The one check behind the client route guards, given the protected area the
 * router matched (null for a public page): a visitor who is not signed in
 * goes to sign in; a signed-in user whose role the area does not list is
 * unauthorized. The area comes from the router's own matching, never from
 * the address's text (web/lib/route-access.ts: '/ADMIN' and '/%61dmin' are
 * /admin to the router).
 */
export function checkAreaAccess(
  area: Area | null,
  viewer: { signedIn: boolean; role: Role | null },
  table: AccessTable = DEFAULT_ACCESS_TABLE,
): PathAccess {
  if (area === null) return 'allowed';
  if (!viewer.signedIn) return 'sign-in';
  return canAccessArea(viewer.role, area, table) ? 'allowed' : 'unauthorized';
}

export { ROLES };
