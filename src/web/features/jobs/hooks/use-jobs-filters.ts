import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { JOBS_FILTER_KEYS, type JobsFilters } from '../api/get-jobs';

/**
 * The filters live in the URL (shareable, kept on reload); changing one goes
 * back to the first page.
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
  const page = Math.max(1, Number(params.get('page')) || 1);

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
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const setPage = useCallback(
    (value: number) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (value > 1) next.set('page', String(value));
        else next.delete('page');
        return next;
      }),
    [setParams],
  );

  const clearFilters = useCallback(() => setParams(new URLSearchParams()), [setParams]);

  return { filters, page, setFilters, setPage, clearFilters };
}
