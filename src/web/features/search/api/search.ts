import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecentSearch, SearchResponse } from '../../../../domain/search';
import { api } from '../../../lib/api-client';

export const SEARCH_QUERY_KEY = ['search'] as const;
const RECENT_KEY = [...SEARCH_QUERY_KEY, 'recent'] as const;

/** Runs a search; the server also remembers it in the user's Recent Searches. */
export function useSearch(q: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...SEARCH_QUERY_KEY, 'results', q],
    queryFn: async ({ signal }) => {
      const answer = await api<SearchResponse>(`/search?q=${encodeURIComponent(q)}`, { signal });
      void queryClient.invalidateQueries({ queryKey: RECENT_KEY });
      return answer;
    },
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useRecentSearches() {
  return useQuery({
    queryKey: RECENT_KEY,
    queryFn: ({ signal }) => api<{ searches: RecentSearch[] }>('/search/recent', { signal }),
  });
}

export function useRemoveRecentSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/search/recent/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RECENT_KEY }),
  });
}
