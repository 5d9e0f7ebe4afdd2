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

  it('lists each role once per area', () => {
    const table = normalizeAccessTable({
      ...DEFAULT_ACCESS_TABLE,
      dispatch: ['dispatcher', 'admin', 'dispatcher'],
    });
    expect(table.dispatch).toEqual(['admin', 'dispatcher']);
  });
});
