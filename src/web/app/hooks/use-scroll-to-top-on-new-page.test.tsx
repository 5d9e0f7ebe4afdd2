import { act, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScrollToTopOnNewPage } from './use-scroll-to-top-on-new-page';

function Layout() {
  useScrollToTopOnNewPage();
  return <Outlet />;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        Component: Layout,
        children: [
          { path: '/driver', element: <p>Home</p> },
          { path: '/driver/documents', element: <p>Documents</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('useScrollToTopOnNewPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens another page at its top, leaves a query change and Back alone', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const router = renderAt('/driver');
    expect(scrollTo).not.toHaveBeenCalled();

    await act(() => router.navigate('/driver/documents'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith(0, 0);

    await act(() => router.navigate('/driver/documents?open=licence'));
    expect(scrollTo).toHaveBeenCalledTimes(1);

    await act(() => router.navigate(-2));
    expect(router.state.location.pathname).toBe('/driver');
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });
});
