import { createPublicBundleConfig } from 'shared-contracts/build/webpack';

// The public routes' own bundle (ADR 0010): what a visitor of /add-ticket downloads.
export default (_env: unknown, argv: { mode?: 'development' | 'production' }) =>
  createPublicBundleConfig({ dir: __dirname, entry: './src/public.tsx' }, argv);
