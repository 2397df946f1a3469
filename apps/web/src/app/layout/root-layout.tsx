import { AppShell, Progress } from '@mantine/core';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { FullPageLoading } from '../../components/page-loader';
import { useAuth } from '../../lib/auth/auth-store';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import classes from './layout.module.css';

/**
 * The one layout every route shares (spec §2). Until the auth store is initialised (main.tsx does it
 * before the first render) only a full-page 'Loading...' is shown.
 */
export function RootLayout() {
  const { initialised } = useAuth();
  const navigation = useNavigation();

  if (!initialised) return <FullPageLoading />;

  return (
    <AppShell header={{ height: 64 }} padding={0}>
      {navigation.state !== 'idle' && (
        <Progress
          className={classes.progress}
          value={100}
          size={3}
          radius={0}
          animated
          aria-label="Loading page"
        />
      )}
      <AppShell.Header className={classes.header}>
        <AppHeader />
      </AppShell.Header>
      <AppShell.Main className={classes.main}>
        <div className={classes.content}>
          <Outlet />
        </div>
        <AppFooter />
      </AppShell.Main>
      <ScrollRestoration />
    </AppShell>
  );
}
