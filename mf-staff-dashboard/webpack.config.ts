import { createAppConfig } from 'shared-contracts/build/webpack';

export default (_env: unknown, argv: { mode?: 'development' | 'production' }) =>
  createAppConfig(
    {
      dir: __dirname,
      name: 'staffDashboard',
      title: 'Help Desk: staff dashboard',
      exposes: { './routes': './src/exposes/routes.tsx' },
    },
    argv,
  );
