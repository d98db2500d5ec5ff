import { absoluteManifestUrl, runtimeConfigSchema } from './runtimeConfig';

const complete = {
  remotes: {
    publicIntake: '/remotes/public-intake/mf-manifest.json',
    staffDashboard: '/remotes/staff-dashboard/mf-manifest.json',
    userAdmin: '/remotes/user-admin/v2/mf-manifest.json',
  },
};

test('accepts the runtime config of the three remotes', () => {
  expect(runtimeConfigSchema.parse(complete)).toEqual(complete);
});

test('rejects a config that forgets a remote, names an unknown one or leaves an address empty', () => {
  const { userAdmin: _, ...missingOne } = complete.remotes;
  expect(() => runtimeConfigSchema.parse({ remotes: missingOne })).toThrow();
  expect(() =>
    runtimeConfigSchema.parse({ remotes: { ...complete.remotes, somethingElse: '/x.json' } }),
  ).toThrow();
  expect(() => runtimeConfigSchema.parse({ remotes: { ...complete.remotes, userAdmin: '' } })).toThrow();
});

test('makes site-relative manifest addresses absolute, keeps absolute ones', () => {
  expect(absoluteManifestUrl('/remotes/user-admin/mf-manifest.json')).toBe(
    `${window.location.origin}/remotes/user-admin/mf-manifest.json`,
  );
  expect(absoluteManifestUrl('https://cdn.example.org/ua/v2/mf-manifest.json')).toBe(
    'https://cdn.example.org/ua/v2/mf-manifest.json',
  );
});
