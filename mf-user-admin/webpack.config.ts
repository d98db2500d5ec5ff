import { createAppConfig } from 'shared-contracts/build/webpack';

export default (_env: unknown, argv: { mode?: 'development' | 'production' }) =>
  createAppConfig(
    {
      dir: __dirname,
      name: 'userAdmin',
      title: 'Help Desk: user administration',
      exposes: { './routes': './src/exposes/routes.tsx' },
    },
    argv,
  );
