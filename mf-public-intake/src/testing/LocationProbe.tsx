import { useLocation } from 'react-router-dom';

/** Shows where the router is (path and fragment), so a test can assert navigation as a user would see the URL. */
export function LocationProbe() {
  const { pathname, hash } = useLocation();
  return <output data-testid="location">{`${pathname}${hash}`}</output>;
}
