import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { queryClient as defaultQueryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

type AppProvidersProps = {
  children: ReactNode;
  queryClient?: QueryClient;
  /** 'test' turns off Mantine's portals and transitions for jsdom. */
  env?: 'default' | 'test';
};

/**
 * Providers outside the router, so the router's loading and error fallbacks
 * can use Mantine. Notifications and modals live in `route-providers.tsx`.
 */
export function AppProviders({
  children,
  queryClient = defaultQueryClient,
  env = 'default',
}: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
