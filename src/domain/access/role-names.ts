/** Roles a user profile can carry. Operator exists in the Edit Roles list of the spec. */
export const ROLES = ['admin', 'operator', 'dispatcher', 'driver'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  operator: 'Operator',
  dispatcher: 'Dispatcher',
  driver: 'Driver',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
