import { createAppConfig } from 'shared-contracts/build/webpack';

export default (_env: unknown, argv: { mode?: 'development' | 'production' }) =>
  createAppConfig(
    {
      dir: __dirname,
      name: 'publicIntake',
      title: 'Help Desk: public intake',
      exposes: { './routes': './src/exposes/routes.tsx' },
    },
    argv,
  );
