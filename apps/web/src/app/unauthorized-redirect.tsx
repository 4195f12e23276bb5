import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../config/paths.ts';
import { onUnauthorized } from '../lib/api-client.ts';

/** spec: app-core §4 Login-pending 401: the API client signs the member out; this leaves for '/'. */
export function UnauthorizedRedirect() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(
    () =>
      onUnauthorized(() => {
        if (pathname !== paths.home.href()) void navigate(paths.home.href(), { replace: true });
      }),
    [navigate, pathname],
  );
  return null;
}
