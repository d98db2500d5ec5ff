// Helpers for the shell's component tests (never imported by the app itself).
import { useLocation } from 'react-router-dom';

/** Shows where the router is, so a test can assert navigation as a user would see the URL. */
export function LocationProbe() {
  const { pathname } = useLocation();
  return <output data-testid="location">{pathname}</output>;
}

export { answerEvery as answerFetch, json as jsonResponse } from 'shared-contracts/testing/network';
export { setScreen } from 'shared-contracts/testing/render';
export { DEMO_NAMES, signInAs, signOut } from 'shared-contracts/testing/signIn';
