import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../config/paths';

/**
 * Under a list bound to dates that found nothing for some words: the same
 * words in Search, which looks at every date. A reference typed into Jobs
 * or the board finds nothing when its pickup is another week.
 */
export function SearchAllDatesLink({ q }: { q: string | undefined }) {
  const text = q?.trim() ?? '';
  if (!text) return null;
  return (
    <Anchor component={Link} to={`${paths.search}?q=${encodeURIComponent(text)}`} size="sm">
      Search all dates for “{text}”
    </Anchor>
  );
}
