// Bundles the api into dist/server.js, and its commands into dist/create-admin.js and dist/backup.js.
// Installed packages stay external (loaded from node_modules at run time: native binaries, wasm
// and swagger-ui's static files must stay where they are);
// shared-contracts is TypeScript source, which Node cannot load, so it is bundled.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const bundledPackages = new Set(['shared-contracts']);
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
  (name) => !bundledPackages.has(name),
);

await build({
  absWorkingDir: import.meta.dirname,
  // The server, and the commands (create an admin, back up and restore) where tsx is not installed.
  entryPoints: {
    server: 'src/server.ts',
    'create-admin': 'src/cli/createAdmin.ts',
    backup: 'src/cli/backup.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  external,
  logLevel: 'info',
});
