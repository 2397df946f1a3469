import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorFallback } from '../../components/error-fallback';
import { NotFoundScreen } from '../../components/not-found-screen';

/** errorElement of the router: 404s get the not-found page, everything else the generic screen. */
export function RouteError({ fullPage = false }: { fullPage?: boolean }) {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    if (!notFound) console.error('Route error', error);
  }, [error, notFound]);

  return notFound ? <NotFoundScreen /> : <ErrorFallback fullPage={fullPage} />;
}
