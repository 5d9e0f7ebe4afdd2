import type { AccessTable } from './access-table';

export type AccessTableProblem = { field: string; problem: string };

/**
 * Why an edited access table must be refused, or null when it may be saved.
 * The settings area carries users:manage, so a table that takes it from admin
 * would leave nobody able to undo the change; the admin area is the admin's
 * home after sign-in.
 */
export function accessTableProblem(table: AccessTable): AccessTableProblem | null {
  if (!table.settings.includes('admin')) {
    return {
      field: 'settings',
      problem: 'must include admin, or no one could change the access table again',
    };
  }
  // The admin's dashboard is where an admin lands after signing in.
  if (!table.admin.includes('admin')) {
    return {
      field: 'admin',
      problem: 'must include admin, or the admin would sign in to a page they may not see',
    };
  }
  return null;
}

/** The same table with each area's roles listed once, in a stable order. */
export function normalizeAccessTable(table: AccessTable): AccessTable {
  return Object.fromEntries(
    Object.entries(table).map(([area, roles]) => [area, [...new Set(roles)].sort()]),
  ) as AccessTable;
}
