import type { AccessTable } from './access-table';

export type AccessTableProblem = { field: string; problem: string };

/**
 * Why an edited access table must be refused, or null when it may be saved.
 * The settings area carries users:manage, so a table that takes it from admin
 * would leave nobody able to undo the change.
 */
export function accessTableProblem(table: AccessTable): AccessTableProblem | null {
  if (!table.settings.includes('admin')) {
    return {
      field: 'settings',
      problem: 'must include admin, or no one could change the access table again',
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
