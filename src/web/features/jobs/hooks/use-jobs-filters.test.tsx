import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useJobsFilters } from './use-jobs-filters';

function renderFilters(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(() => ({ ...useJobsFilters(), location: useLocation() }), { wrapper });
}

describe('useJobsFilters', () => {
  it('keeps both of two changes made in one tick (react-router reads the last render)', () => {
    const { result } = renderFilters('/jobs?status=pending&cursor=abc&page=3');
    act(() => {
      result.current.setFilters({ driver: 'none' });
      result.current.setFilters({ from: '2030-01-15', to: '2030-01-15' });
    });
    const params = new URLSearchParams(result.current.location.search);
    expect(Object.fromEntries(params)).toEqual({
      status: 'pending',
      driver: 'none',
      from: '2030-01-15',
      to: '2030-01-15',
    });
    expect(result.current.filters).toMatchObject({ driver: 'none', from: '2030-01-15' });
  });

  it('starts again from the URL when it changes another way, and clears everything', () => {
    const { result } = renderFilters('/jobs?status=pending');
    act(() => result.current.setPage({ page: 2, cursor: 'next' }));
    expect(result.current.page).toBe(2);
    act(() => result.current.clearFilters());
    expect(result.current.location.search).toBe('');
    act(() => result.current.setFilters({ q: 'HFE926' }));
    expect(result.current.location.search).toBe('?q=HFE926');
  });
});
