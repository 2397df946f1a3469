import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AppErrorBoundary } from '../components/error-boundary';
import { DeferredNotifications } from './deferred-notifications';
import { theme } from './theme';

interface AppProvidersProps {
  children: ReactNode;
  queryClient: QueryClient;
  /** 'test' disables transitions and portals (component tests). */
  env?: 'default' | 'test';
}

export function AppProviders({ children, queryClient, env = 'default' }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" env={env}>
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <DeferredNotifications />
          {children}
        </QueryClientProvider>
      </AppErrorBoundary>
    </MantineProvider>
  );
}
