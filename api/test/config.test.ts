import path from 'node:path';
import { ConfigError, loadConfig } from '../src/config';
import { repoDir } from '../src/paths';

describe('loadConfig', () => {
  it('has a default for everything but DATABASE_URL', () => {
    expect(loadConfig({})).toEqual({
      nodeEnv: 'development',
      host: '127.0.0.1',
      port: 4000,
      databaseUrl: undefined,
      databasePoolMax: 10,
      dataDir: path.join(repoDir, 'data'),
      uploadDir: path.join(repoDir, 'data', 'uploads'),
      bodyLimitBytes: 1024 * 1024,
      rateLimit: { max: 300, windowMs: 60_000 },
      trustProxy: false,
      logLevel: 'info',
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      PORT: '8081',
      DATABASE_URL: 'postgres://helpdesk@db:5432/helpdesk',
      DATABASE_POOL_MAX: '20',
      DATA_DIR: '/srv/helpdesk',
      UPLOAD_DIR: '/mnt/shared/uploads',
      BODY_LIMIT_BYTES: '2048',
      RATE_LIMIT_MAX: '50',
      RATE_LIMIT_WINDOW_MS: '1000',
      TRUST_PROXY: '127.0.0.1,10.0.0.0/8',
      LOG_LEVEL: 'warn',
    });

    expect(config).toEqual({
      nodeEnv: 'production',
      host: '0.0.0.0',
      port: 8081,
      databaseUrl: 'postgres://helpdesk@db:5432/helpdesk',
      databasePoolMax: 20,
      dataDir: '/srv/helpdesk',
      uploadDir: '/mnt/shared/uploads',
      bodyLimitBytes: 2048,
      rateLimit: { max: 50, windowMs: 1000 },
      trustProxy: '127.0.0.1,10.0.0.0/8',
      logLevel: 'warn',
    });
  });

  it('puts uploads under DATA_DIR unless UPLOAD_DIR says otherwise', () => {
    expect(loadConfig({ DATA_DIR: '/srv/helpdesk' }).uploadDir).toBe('/srv/helpdesk/uploads');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({ databaseUrl: undefined, port: 4000 });
  });

  it.each([
    ['true', true],
    ['false', false],
    ['loopback', 'loopback'],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(expected);
  });

  it('names every wrong variable and what it must be', () => {
    const load = () =>
      loadConfig({ PORT: '70000', NODE_ENV: 'staging', DATABASE_URL: 'mysql://x', TRUST_PROXY: '2' });

    expect(load).toThrow(ConfigError);
    expect(load).toThrow(
      [
        'Invalid environment variables:',
        '  NODE_ENV: Invalid option: expected one of "development"|"production"|"test"',
        '  PORT: must be a whole number from 0 to 65535',
        '  DATABASE_URL: must be a postgres:// or postgresql:// connection URL',
        '  TRUST_PROXY: must be true, false, or comma-separated proxy addresses or CIDR ranges (e.g. 127.0.0.1)',
        'See api/README.md for each variable and its default.',
      ].join('\n'),
    );
  });
});
