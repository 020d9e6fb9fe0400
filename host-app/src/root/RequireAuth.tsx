import { Navigate, Outlet, useLocation } from 'react-router';
import { useToken } from '../auth';
import { LOGIN_PATH } from '../routes';

/** Everything below needs a token; without one the user goes to /login and comes back afterwards. */
export function RequireAuth() {
  const token = useToken();
  const location = useLocation();
  if (!token) {
    const redirect = encodeURIComponent(`${location.pathname}${location.search}${location.hash}`);
    return <Navigate to={`${LOGIN_PATH}?redirect=${redirect}`} replace />;
  }
  return <Outlet />;
}
