import { useCallback, useMemo } from 'react';
import { useUrlParams } from '../../../lib/use-url-params';
import { JOBS_FILTER_KEYS, type JobsFilters } from '../api/get-jobs';

/**
 * The filters live in the URL (shareable, kept on reload), and so does the
 * page: the cursor the server gave for it and its number (for "51–100 of";
 * the list pages by keyset, one page forward or back, decision 70).
 * Changing a filter goes back to the first page.
 */
export function useJobsFilters() {
  const [params, update] = useUrlParams();
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
    (changes: Partial<Record<keyof JobsFilters, string | null | undefined>>) =>
      update(
        (next) => {
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          next.delete('page');
          next.delete('cursor');
        },
        { replace: true },
      ),
    [update],
  );

  /** Another page: its number and the cursor that reads it (null for the first page). */
  const setPage = useCallback(
    (value: { page: number; cursor: string | null }) =>
      update((next) => {
        if (value.cursor && value.page > 1) {
          next.set('page', String(value.page));
          next.set('cursor', value.cursor);
        } else {
          next.delete('page');
          next.delete('cursor');
        }
      }),
    [update],
  );

  const clearFilters = useCallback(
    () =>
      update((next) => {
        for (const key of [...next.keys()]) next.delete(key);
      }),
    [update],
  );

  return { filters, page, cursor, setFilters, setPage, clearFilters };
}
