import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { AppProviders } from '../app/providers';
import { routes } from '../app/router';

/** The public pages whose HTML is rendered at build, so they paint before any script runs. */
export const PRERENDERED_PATHS = ['/calculator', '/widget', '/book', '/login'] as const;

/**
 * Renders one public page to HTML with the same components the browser runs:
 * what a visitor sees before the scripts arrive (queries still pending, as on
 * the browser's first render, so hydration finds the same tree).
 */
export async function renderPage(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderToString(
    <AppProviders queryClient={queryClient}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
}
