// Shows where the router is (path and query), so a test can assert navigation as the URL shows it.
import { useLocation } from 'react-router-dom';

export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}
