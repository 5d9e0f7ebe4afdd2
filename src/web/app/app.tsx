import { RouterProvider, type createBrowserRouter } from 'react-router';
import { AppProviders } from './providers';

type AppProps = { router: ReturnType<typeof createBrowserRouter> };

export function App({ router }: AppProps) {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
