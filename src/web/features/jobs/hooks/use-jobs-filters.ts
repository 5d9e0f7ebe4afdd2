import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { JOBS_FILTER_KEYS, type JobsFilters } from '../api/get-jobs';

/**
 * The filters live in the URL (shareable, kept on reload), and so does the
 * page: the cursor the server gave for it and its number (for "51–100 of";
 * the list pages by keyset, one page forward or back, decision 70).
 * Changing a filter goes back to the first page.
 */
export function useJobsFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => {
    const result: JobsFilters = {};
    for (const key of JOBS_FILTER_KEYS) {
      const value = params.get(key);
      if (value) (result as Record<string, string>)[key] = value;
    }
    return result;
  }, [params]);
  const cursor = params.get('cursor');
  const page = cursor ? Math.max(2, Number(params.get('page')) || 2) : 1;

  const setFilters = useCallback(
    (changes: Partial<Record<keyof JobsFilters, string | null | undefined>>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          next.delete('page');
          next.delete('cursor');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  /** Another page: its number and the cursor that reads it (null for the first page). */
  const setPage = useCallback(
    (value: { page: number; cursor: string | null }) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (value.cursor && value.page > 1) {
          next.set('page', String(value.page));
          next.set('cursor', value.cursor);
        } else {
          next.delete('page');
          next.delete('cursor');
        }
        return next;
      }),
    [setParams],
  );

  const clearFilters = useCallback(() => setParams(new URLSearchParams()), [setParams]);

  return { filters, page, cursor, setFilters, setPage, clearFilters };
}
