import { describe, expect, it } from 'vitest';
import { DEFAULT_ACCESS_TABLE } from './access-table';
import { accessTableProblem, normalizeAccessTable } from './edit-access-table';

describe('editing the access table', () => {
  it('accepts the default table', () => {
    expect(accessTableProblem(DEFAULT_ACCESS_TABLE)).toBeNull();
  });

  it('refuses a table that takes the settings area from admin, naming the field', () => {
    expect(accessTableProblem({ ...DEFAULT_ACCESS_TABLE, settings: ['dispatcher'] })).toEqual({
      field: 'settings',
      problem: expect.stringContaining('must include admin'),
    });
  });

  it("refuses a table that takes the admin's own dashboard from admin", () => {
    expect(accessTableProblem({ ...DEFAULT_ACCESS_TABLE, admin: [] })).toEqual({
      field: 'admin',
      problem: 'must include admin, or the admin would sign in to a page they may not see',
    });
  });

  it('lists each role once per area', () => {
    const table = normalizeAccessTable({
      ...DEFAULT_ACCESS_TABLE,
      dispatch: ['dispatcher', 'admin', 'dispatcher'],
    });
    expect(table.dispatch).toEqual(['admin', 'dispatcher']);
  });
});
