import {
  absoluteManifestUrl,
  CANARY_BUCKET_KEY,
  canaryBucket,
  manifestFor,
  runtimeConfigSchema,
} from './runtimeConfig';

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

describe('canary', () => {
  const withCanary = {
    ...complete,
    canary: { userAdmin: { entry: '/remotes/user-admin/canary/mf-manifest.json', percent: 50 } },
  };

  test('buckets below the percent load the canary, the others the release; other remotes untouched', () => {
    const config = runtimeConfigSchema.parse(withCanary);
    expect(manifestFor(config, 'userAdmin', 0)).toBe('/remotes/user-admin/canary/mf-manifest.json');
    expect(manifestFor(config, 'userAdmin', 49)).toBe('/remotes/user-admin/canary/mf-manifest.json');
    expect(manifestFor(config, 'userAdmin', 50)).toBe(complete.remotes.userAdmin);
    expect(manifestFor(config, 'staffDashboard', 0)).toBe(complete.remotes.staffDashboard);
  });

  test('refuses a canary share outside 0–100 or without an address', () => {
    expect(() =>
      runtimeConfigSchema.parse({ ...complete, canary: { userAdmin: { entry: '/x.json', percent: 101 } } }),
    ).toThrow();
    expect(() =>
      runtimeConfigSchema.parse({ ...complete, canary: { userAdmin: { entry: '', percent: 5 } } }),
    ).toThrow();
  });

  test('a browser draws its bucket once and keeps it', () => {
    const kept = new Map<string, string>();
    const storage = { getItem: (key: string) => kept.get(key) ?? null, setItem: kept.set.bind(kept) };
    const first = canaryBucket(storage);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThan(100);
    expect(kept.get(CANARY_BUCKET_KEY)).toBe(String(first));
    for (let i = 0; i < 20; i++) expect(canaryBucket(storage)).toBe(first);
    // A tampered value is replaced by a fresh draw.
    kept.set(CANARY_BUCKET_KEY, '250');
    const redrawn = canaryBucket(storage);
    expect(redrawn).toBeLessThan(100);
    expect(kept.get(CANARY_BUCKET_KEY)).toBe(String(redrawn));
  });
});
