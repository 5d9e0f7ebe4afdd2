import { Alert, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../lib/api-client';

/**
 * What a documents panel shows while its query loads (a labelled spinner) or
 * after it failed (the error); null once the data is there.
 */
export function queryFallback(
  query: { isPending: boolean; isError: boolean; error: unknown },
  loadingLabel: string,
): ReactNode {
  if (query.isPending) return <Loader size="sm" aria-label={loadingLabel} />;
  if (query.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(query.error)}
      </Alert>
    );
  }
  return null;
}
