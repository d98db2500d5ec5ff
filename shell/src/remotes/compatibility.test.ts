import { authStore, REMOTE_ROUTES, ROUTES_EXPOSE, TOKEN_KEY, USER_KEY } from 'shared-contracts';
import {
  type BuildContract,
  contractOfManifest,
  incompatibility,
  SHELL_CONTRACT,
  sameLine,
} from 'shared-contracts/build/compatibility';

const shell: BuildContract = {
  sharedContracts: '0.1.0',
  shellContract: { routes: 1, auth: 1 },
  singletons: { react: '19.3.1', 'react-dom': '19.3.1', '@mantine/core': '9.7.3', zustand: '5.1.0' },
};

test('a remote built with the same contract, or other patches and minors of a singleton, is compatible', () => {
  expect(incompatibility(shell, shell)).toBeNull();
  expect(
    incompatibility(shell, {
      ...shell,
      sharedContracts: '0.1.4',
      singletons: { ...shell.singletons, react: '19.1.0', '@mantine/core': '9.9.0' },
    }),
  ).toBeNull();
});

test('a different shell contract part, shared-contracts line or singleton major is refused, each named', () => {
  const reason = incompatibility(shell, {
    sharedContracts: '0.2.0',
    shellContract: { routes: 2, auth: 1 },
    singletons: { ...shell.singletons, react: '20.0.0' },
  });
  expect(reason).toContain('shell contract "routes" 2 (the shell has 1)');
  expect(reason).toContain('shared-contracts 0.2.0 (the shell has 0.1.0)');
  expect(reason).toContain('react 20.0.0 (the shell shares 19.3.1)');
  expect(reason).not.toContain('"auth"');
  expect(incompatibility(shell, { ...shell, shellContract: { routes: 1, auth: 2 } })).toContain('"auth" 2');
});

test('a manifest without a declared contract is refused; one with it is read from metaData.helpdesk', () => {
  expect(incompatibility(shell, contractOfManifest({ metaData: {} }))).toMatch(/declares no build contract/);
  expect(contractOfManifest(null)).toBeNull();
  expect(contractOfManifest({ metaData: { helpdesk: { sharedContracts: 1 } } })).toBeNull();
  expect(contractOfManifest({ metaData: { helpdesk: shell } })).toEqual(shell);
});

test('versions on the same line: same major, and for 0.x the same minor', () => {
  expect(sameLine('19.0.0', '19.3.1')).toBe(true);
  expect(sameLine('18.3.1', '19.0.0')).toBe(false);
  expect(sameLine('0.1.0', '0.1.9')).toBe(true);
  expect(sameLine('0.1.0', '0.2.0')).toBe(false);
  expect(sameLine('not a version', '1.0.0')).toBe(false);
});

// The numbers of SHELL_CONTRACT stand for these shapes. If one of these expectations fails, a
// remote built before your change may not work under a shell built after it (or the reverse):
// update the expectation AND bump the matching part of SHELL_CONTRACT, so the shell refuses
// mismatched remotes with a reason instead of crashing in them.
test('the shapes behind the shell contract are the ones its version numbers stand for', () => {
  expect(SHELL_CONTRACT).toEqual({ routes: 1, auth: 1 });
  // routes 1: one exposed module, './routes', default-exporting a component per owned path.
  expect(ROUTES_EXPOSE).toBe('./routes');
  expect(Object.keys(REMOTE_ROUTES).sort()).toEqual(['publicIntake', 'staffDashboard', 'userAdmin']);
  // auth 1: the store's state and actions, persisted under the product's keys.
  expect(Object.keys(authStore.getState()).sort()).toEqual([
    'login',
    'logout',
    'signIn',
    'signOut',
    'token',
    'user',
  ]);
  expect([TOKEN_KEY, USER_KEY]).toEqual(['token', 'user']);
});
