import { lazy, Suspense } from 'react';
import { VisuallyHidden } from '@mantine/core';
import { PageLoader } from '../../../components/page-loader';
import { PageTitle } from '../../../components/page-title';

// The workspace (forms, dates, drag and drop, the tools) is its own chunk, so
// the route resolves at once and the frame's heavy parts stream in behind it.
const DispatchWorkspace = lazy(() => import('../components/dispatch-workspace'));

/** /dispatch: the dispatcher's frame (spec 2.11 to 2.14). */
export function DispatchPage() {
  return (
    <>
      <VisuallyHidden>
        <PageTitle>Dispatch</PageTitle>
      </VisuallyHidden>
      <Suspense fallback={<PageLoader />}>
        <DispatchWorkspace />
      </Suspense>
    </>
  );
}
