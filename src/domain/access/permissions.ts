import { DEFAULT_ACCESS_TABLE, type AccessTable, type Area } from './access-table';
import type { Role } from './roles';

/**
 * API permissions. Each is granted to the roles that may open any of the
 * listed areas, so editing the access table moves the API with the screens.
 * 'public' needs nothing; 'signed-in' needs a session (any role or none);
 * 'has-role' a session whose account has been given a role (any).
 */
export const API_PERMISSIONS = {
  public: 'public',
  'signed-in': 'signed-in',
  // Live events: every role (what each sees is filtered by role), not an
  // account still waiting for one.
  'events:read': 'has-role',
  'dashboard:read': ['admin'],
  // Dispatchers read and create customers: they take phone bookings.
  'customers:read': ['customers', 'dispatch'],
  'customers:create': ['customers', 'dispatch'],
  'customers:manage': ['customers'],
  // Drivers read bookings too; the repository limits them to their own.
  'bookings:read': ['dispatch', 'jobs', 'timeline', 'search', 'admin', 'driver'],
  'bookings:write': ['dispatch'],
  'bookings:progress': ['dispatch', 'driver'],
  // Corporate accounts: the dispatcher's account codes; not for drivers.
  'accounts:read': ['dispatch', 'admin'],
  // Job History (a dispatcher tool): every completed job, so not for drivers.
  'job-history:read': ['dispatch'],
  // Jobs Overview (list, bulk actions, export), Timeline and Search: their own areas.
  'jobs:read': ['jobs'],
  'jobs:write': ['jobs'],
  'timeline:read': ['timeline'],
  'search:read': ['search'],
  'drivers:read': ['dispatch', 'admin'],
  'drivers:write': ['dispatch', 'admin'],
  'drivers:self': ['driver'],
  // The fleet (driver records, vehicles): dispatch reads it, only admins change it.
  'fleet:read': ['dispatch', 'admin'],
  'fleet:manage': ['admin'],
  // The passenger's rating of a completed job, recorded by dispatch or an admin.
  'ratings:write': ['dispatch', 'admin'],
  // Import Manager (a Data Import tile of the admin dashboard): admins only.
  'imports:manage': ['admin'],
  // Document Manager: admins manage; any role reads what is shared with it
  // (the route checks the document's roles).
  'documents:manage': ['admin'],
  'documents:read': 'has-role',
  // Admin → Mail (the outbox) and the WA booking records: admins only.
  'mail:manage': ['admin'],
  'records:export': ['admin'],
  'settings:read': ['settings'],
  'settings:write': ['settings'],
  'users:manage': ['settings'],
} as const satisfies Record<string, 'public' | 'signed-in' | 'has-role' | readonly Area[]>;

export type Permission = keyof typeof API_PERMISSIONS;

export type PermissionCheck = 'allowed' | 'unauthenticated' | 'forbidden';

export function checkPermission(
  permission: Permission,
  viewer: { signedIn: boolean; role: Role | null },
  table: AccessTable = DEFAULT_ACCESS_TABLE,
): PermissionCheck {
  const rule = API_PERMISSIONS[permission];
  if (rule === 'public') return 'allowed';
  if (!viewer.signedIn) return 'unauthenticated';
  if (rule === 'signed-in') return 'allowed';
  const role = viewer.role;
  if (role === null) return 'forbidden';
  if (rule === 'has-role') return 'allowed';
  return rule.some((area) => table[area].includes(role)) ? 'allowed' : 'forbidden';
}

export function can(
  role: Role | null,
  permission: Permission,
  table: AccessTable = DEFAULT_ACCESS_TABLE,
): boolean {
  return checkPermission(permission, { signedIn: true, role }, table) === 'allowed';
}
