import { createAppConfig } from 'shared-contracts/build/webpack';

export default (_env: unknown, argv: { mode?: 'development' | 'production' }) =>
  createAppConfig({ dir: __dirname, name: 'shell', title: 'Help Desk' }, argv);
