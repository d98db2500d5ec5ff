import path from 'node:path';
import { createPublicBundleConfig } from 'shared-contracts/build/webpack';

// The public routes' own bundle (ADR 0010): what a visitor of /add-ticket downloads. React is
// Preact's compatibility layer here (ADR 0075): the same components, about a tenth of react-dom's
// weight and start-up time on the phone that opens the public form. The federated build (inside
// the shell) and the tests keep React.
export default (_env: unknown, argv: { mode?: 'development' | 'production' }) => {
  const config = createPublicBundleConfig({ dir: __dirname, entry: './src/public.tsx' }, argv);
  return {
    ...config,
    resolve: {
      ...config.resolve,
      alias: {
        react$: path.join(__dirname, 'src', 'preact', 'react.mjs'),
        'react/jsx-runtime': 'preact/jsx-runtime',
        'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
        'react-dom$': 'preact/compat',
        'react-dom/client': 'preact/compat/client',
        // react-router's package exports only its development build (warnings and checks kept):
        // this page takes the production one (0.4 KiB of gzip lighter), the same API.
        'react-router$': path.join(
          path.dirname(require.resolve('react-router/package.json')),
          'dist',
          'production',
          'index.mjs',
        ),
      },
    },
  };
};
