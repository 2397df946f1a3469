import { AppShell, Progress } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AppErrorBoundary } from '../../components/error-boundary';
import { ErrorFallback } from '../../components/error-fallback';
import { FullPageLoading, PageLoader } from '../../components/page-loader';
import { useAuth } from '../../lib/auth/auth-store';
import { endHydration } from '../../lib/hydration';
import { useTryFirstFollowsSession } from '../../lib/try-first';
import { usePageLoading } from '../page-loads';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import classes from './layout.module.css';
import { useScrollRestoration } from './use-scroll-restoration';

/**
 * Ends hydration (lib/hydration.ts) once the page has been taken over: React hydrates the content
 * of a Suspense boundary after the rest, so this sits inside the page's boundary. It then marks
 * the document `data-app-ready`: from here on the page answers clicks and keys (a click on a
 * server-rendered page before then does nothing; the browser tests wait for it).
 */
function HydrationEnd() {
  useEffect(() => {
    endHydration();
    document.documentElement.setAttribute('data-app-ready', '');
  }, []);
  return null;
}

/**
 * The one layout every route shares. Until the auth store is initialised (main.tsx does it
 * before the first render) only a full-page 'Loading...' is shown.
 */
export function RootLayout() {
  const { initialised } = useAuth();
  const location = useLocation();
  const loadingPage = usePageLoading();
  useScrollRestoration();
  useTryFirstFollowsSession();

  if (!initialised) return <FullPageLoading />;

  return (
    <AppShell header={{ height: 64 }} padding={0}>
      {loadingPage && (
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
        {/* The path of the page on screen: a navigation keeps the current page until the next
            one's code has loaded, so the address bar can be ahead of it (browser tests wait for
            this to match, and assistive technology hears aria-busy meanwhile). */}
        <div
          className={classes.content}
          data-path={location.pathname}
          aria-busy={loadingPage || undefined}
        >
          {/* A page failed: the error screen inside the layout, navbar still usable. */}
          <AppErrorBoundary resetKey={location.key} fallback={<ErrorFallback />}>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
              <HydrationEnd />
            </Suspense>
          </AppErrorBoundary>
        </div>
        <AppFooter />
      </AppShell.Main>
    </AppShell>
  );
}
