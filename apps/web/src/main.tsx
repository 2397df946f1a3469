import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';

import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage } from './app/router';
import { authStore } from './lib/auth/auth-store';
import { startHydration } from './lib/hydration';
import { createQueryClient } from './lib/query-client';
import { readServerState } from './lib/server-state';
import { setSiteOrigin } from './lib/site';
import { setRenderedTryFirst } from './lib/try-first';

authStore.initialise();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const queryClient = createQueryClient();
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);
const serverState = readServerState(document);

if (serverState) {
  // A server-rendered page: take over its markup with the data it was rendered from (no request
  // is made again), once the page's own code is here so it hydrates in one pass.
  hydrate(queryClient, serverState.queries);
  setSiteOrigin(serverState.origin);
  setRenderedTryFirst(serverState.tryFirst === true);
  void preloadPage(window.location.pathname)
    .catch(() => undefined)
    .then(() => {
      startHydration();
      hydrateRoot(container, app);
    });
} else {
  createRoot(container).render(app);
}
